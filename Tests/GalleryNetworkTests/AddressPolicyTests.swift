import Testing

@testable import GalleryNetwork

/// A photo URL from an API answer never leads fetch to this machine or a
/// private network: the host is resolved and each address checked.
@Suite("AddressPolicy: private, link-local and loopback addresses are refused")
struct AddressPolicyTests {
  @Test(
    "which hosts are refused, and as what",
    arguments: [
      ("127.0.0.1", "127.0.0.1, a loopback address"),
      ("127.8.9.10", "127.8.9.10, a loopback address"),
      ("[::1]", "0:0:0:0:0:0:0:1, a loopback address"),
      ("::ffff:127.0.0.1", "0:0:0:0:0:ffff:7f00:1, a loopback address"),
      ("10.1.2.3", "10.1.2.3, a private address"),
      ("172.16.0.1", "172.16.0.1, a private address"),
      ("172.31.255.255", "172.31.255.255, a private address"),
      ("192.168.1.20", "192.168.1.20, a private address"),
      ("169.254.169.254", "169.254.169.254, a link-local address"),
      ("fc00::1", "fc00:0:0:0:0:0:0:1, a private (unique local) address"),
      ("fd12:3456::1", "fd12:3456:0:0:0:0:0:1, a private (unique local) address"),
      ("fe80::1", "fe80:0:0:0:0:0:0:1, a link-local address"),
      ("0.0.0.0", "0.0.0.0, the unspecified address"),
      ("localhost", nil as String?),
      ("172.32.0.1", nil),
      ("172.15.255.255", nil),
      ("8.8.8.8", nil),
      ("2001:db8::1", nil),
      ("192.169.0.1", nil),
    ] as [(String, String?)])
  func table(host: String, refusal: String?) {
    if host == "localhost" {
      // A name: whatever it resolves to here is loopback.
      #expect(AddressPolicy.refusal(host: host)?.hasSuffix("a loopback address") == true)
    } else {
      #expect(AddressPolicy.refusal(host: host) == refusal, "\(host)")
    }
  }

  @Test("only the test-only variable set to 1 turns the check off")
  func testOnlySwitch() {
    #expect(AddressPolicy.isOff(in: [AddressPolicy.testOnlySwitch: "1"]))
    #expect(!AddressPolicy.isOff(in: [AddressPolicy.testOnlySwitch: "0"]))
    #expect(!AddressPolicy.isOff(in: [:]))
  }
}
