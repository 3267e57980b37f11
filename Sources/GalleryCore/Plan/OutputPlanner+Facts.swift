/// Fact pages.
extension OutputPlanner {
  func planFacts(into plan: inout OutputPlan) {
    guard !site.facts.isEmpty else { return }
    let shared = SharedPlanner(self)
    for (index, fact) in site.facts.enumerated() {
      let path = self.path(.fact, fact.slug)
      plan.pages.append(
        page(.fact, fact.slug, pageOrigin: fact.pageOrigin) { shared.planner.factModel(index, path: path) })
      plan.search.append(SearchEntry(kind: .fact, title: fact.text, text: "", url: path, place: "Facts"))
    }
    plan.pages += listPages(
      .facts, title: "Facts", count: site.facts.count,
      entries: plan.searchNumbers.suffix(site.facts.count)
    ) { here, layout, range, pager in
      FactsModel(
        page: layout,
        facts: site.facts[range].map {
          FactItem(id: $0.slug, text: $0.text, href: PagePath.relative(from: here, to: path(.fact, $0.slug)))
        }, pager: pager, start: range.lowerBound + 1)
    }
  }

  /// The view model of the page of fact number `index` (from 0), at `path`.
  private func factModel(_ index: Int, path: String) -> FactModel {
    let fact = site.facts[index]
    let link = { (other: Fact) in
      Link(title: other.text, href: PagePath.relative(from: path, to: self.path(.fact, other.slug)))
    }
    var layout = context(path, title: "Fact \(index + 1)", kind: .fact)
    layout.preview.describe(fact.text)
    layout.preview.image = previewImage(fact.background, caption: nil) ?? siteImage
    return FactModel(
      page: layout,
      fact: FactItem(id: fact.slug, text: fact.text, href: ""),
      background: fact.background.flatMap {
        images.display($0, alt: "", root: PagePath.root(of: path), sizes: "100vw", lazy: false)
      },
      previous: index > 0 ? link(site.facts[index - 1]) : nil,
      next: index + 1 < site.facts.count ? link(site.facts[index + 1]) : nil)
  }
}
