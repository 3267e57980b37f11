import FuzzedKit

FuzzDriver.run(FuzzEntries.yaml)
