import FuzzedKit

FuzzDriver.run(FuzzEntries.imageRender)
