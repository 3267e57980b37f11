/// Fact pages.
extension OutputPlanner {
  func planFacts(into plan: inout OutputPlan) {
    guard !site.facts.isEmpty else { return }
    let items = site.facts.map { FactItem(id: $0.slug, text: $0.text, href: $0.slug + "/") }
    for (index, fact) in site.facts.enumerated() {
      let path = "facts/\(fact.slug)/"
      let link = { (other: Fact) in Link(title: other.text, href: "../\(other.slug)/") }
      plan.pages.append(
        PlannedPage(
          path: path, template: "fact",
          model: FactModel(
            page: context(path, title: "Fact \(index + 1)", kind: "fact"),
            fact: FactItem(id: fact.slug, text: fact.text, href: ""),
            background: fact.background.flatMap {
              images.display($0, alt: "", root: "../../", sizes: "100vw", lazy: false)
            },
            previous: index > 0 ? link(site.facts[index - 1]) : nil,
            next: index + 1 < site.facts.count ? link(site.facts[index + 1]) : nil),
          pageOrigin: fact.pageOrigin))
      plan.search.append(SearchEntry(kind: "Fact", title: "Fact \(index + 1)", text: fact.text, url: path))
    }
    plan.pages.append(
      PlannedPage(
        path: "facts/", template: "facts",
        model: FactsModel(page: context("facts/", title: "Facts", kind: "facts"), facts: items)))
  }
}
