import FuzzedKit

FuzzDriver.run(FuzzEntries.json)
