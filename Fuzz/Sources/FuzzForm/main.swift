import FuzzedKit

FuzzDriver.run(FuzzEntries.form)
