import FuzzedKit

FuzzDriver.run(FuzzEntries.markdown)
