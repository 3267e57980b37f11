/// The release, shown by `--version` and part of every build's fingerprint.
public enum Version {
  public static let current = "0.1.0"
}
