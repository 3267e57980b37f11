import CFuzzDriver
import Foundation

/// Runs libFuzzer with this process's arguments, feeding each input to `entry`.
/// SwiftPM gives every executable its own `main`, so libFuzzer's is not used.
public enum FuzzDriver {
  // libFuzzer calls back through a C function pointer, which cannot capture.
  nonisolated(unsafe) private static var entry: (Data) -> Void = { _ in }

  public static func run(_ entry: @escaping (Data) -> Void) -> Never {
    Self.entry = entry
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
      FuzzDriver.entry(bytes.map { Data(bytes: $0, count: count) } ?? Data())
      return 0
    }
    exit(status)
  }
}
