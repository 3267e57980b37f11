import Foundation

/// The operating system's words for why a file operation failed ("Permission
/// denied", "No such file or directory"), for the parenthesis at the end of a
/// diagnostic; never Foundation's sentence, which repeats the path.
package enum OSReason {
  package static func describe(_ error: Error) -> String {
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
    switch CocoaError.Code(rawValue: nsError.code) {
    case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
    case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
    case .fileWriteFileExists: return "File exists"
    case .fileWriteOutOfSpace: return "No space left on device"
    case .fileWriteVolumeReadOnly: return "Read-only file system"
    default: return nsError.localizedDescription
    }
  }
}
