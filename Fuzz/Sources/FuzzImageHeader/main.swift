import FuzzedKit

FuzzDriver.run(FuzzEntries.imageHeader)
