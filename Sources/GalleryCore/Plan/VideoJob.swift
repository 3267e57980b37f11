import Crypto
import Foundation

/// The web video of one clip: what ffmpeg makes (`plan`) from `photo.path`,
/// stored as a derivative is, `<stem>-<w>x<h>.<hash>.mp4`, in the cache and
/// in public/images/. The hash covers the source bytes and the plan's key
/// (the settings and what the planner chose), so an unchanged clip is never
/// processed again and an upgrade that keeps the settings re-encodes nothing.
package struct VideoJob: Sendable, Hashable {
  package var photo: Photo
  package var plan: VideoPlan
  package var output: Derivative

  /// The job of `photo`'s clip; nil for a photo.
  package init?(_ photo: Photo) {
    guard let clip = photo.clip else { return nil }
    self.photo = photo
    plan = clip.plan
    let spec = DerivativeSpec(width: plan.width, height: plan.height, crop: false, format: .mp4, quality: 0)
    let material = "\(photo.hash)|\(plan.key)|video"
    let digest = SHA256.hash(data: Data(material.utf8)).prefix(DerivativeName.hashLength / 2).hex
    output = Derivative(spec: spec, stem: photo.stem, hash: digest)
  }
}
