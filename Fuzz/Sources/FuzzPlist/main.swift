import FuzzedKit

FuzzDriver.run(FuzzEntries.plist)
