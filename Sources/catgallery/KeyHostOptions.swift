import ArgumentParser

/// `--allow-key-host`, on every command that can send an API key: the one
/// way to send a key to a host the README does not document, named by the
/// user rather than by site.yml (which comes with the site).
struct KeyHostOptions: ParsableArguments {
  @Option(
    name: .customLong("allow-key-host"),
    help: ArgumentHelp(
      "Also send API keys to this host (repeatable); otherwise The Cat API's key goes only to api.thecatapi.com and restdb's only to <db>.restdb.io.",
      valueName: "host"))
  var hosts: [String] = []
}
