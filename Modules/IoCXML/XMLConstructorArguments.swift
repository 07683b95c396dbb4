import IoCCore

// A bean's constructor arguments, gathered from `<constructor-arg>` elements and `c:`
// attributes, then put in the order a Swift initializer takes them.

extension XMLTranslator {
    /// A constructor-arg index before which a place is left empty.
    struct EmptyPlace: Error {
        let index: Int
    }

    /// A bean's constructor arguments as written, with their indices when any has one.
    struct ConstructorArguments {
        var points: [InjectionPoint] = []
        /// `nil` while no argument has an index (nearly always): no list made for them.
        var indices: [Int?]?
        /// Where each index and label is, once there are more arguments than a search should
        /// read (a bean may give thousands, and searching for each grew as their square).
        /// NB: not the core's ``FirstPlaces``, whose generic search, called for every bean from
        /// this module, is not specialized here (docs/PerformanceLedger.md L8).
        var places: (indices: [Int: Int], labels: [String: Int])?

        /// The argument at `index` or with `label` given already.
        mutating func earlier(index: Int?, label: String?) -> (index: Int?, label: Int?) {
            if places == nil, points.count > 16 {
                var found = (indices: [Int: Int](), labels: [String: Int]())
                for (place, point) in points.enumerated() {
                    if let given = indices?[place] { found.indices[given] = found.indices[given] ?? place }
                    if let label = point.label { found.labels[label] = found.labels[label] ?? place }
                }
                places = found
            }
            if let places {
                return (index.flatMap { places.indices[$0] }, label.flatMap { places.labels[$0] })
            }
            return (index.flatMap { index in indices?.firstIndex { $0 == index } }, label.flatMap { label in points.firstIndex { $0.label == label } })
        }

        mutating func append(_ point: InjectionPoint, index: Int?) {
            if index != nil, indices == nil { indices = Array(repeating: nil, count: points.count) }
            indices?.append(index)
            // In place (a copy of the tables would be copied whole): the first place of each
            // stays, as a repeat is refused before it is added.
            if let index, places != nil, places?.indices[index] == nil { places?.indices[index] = points.count }
            if let label = point.label, places != nil, places?.labels[label] == nil { places?.labels[label] = points.count }
            points.append(point)
        }

        /// A child bean's arguments: those without an index in order, then each indexed one
        /// labelled `index_N`, which replaces its parent's argument N when the two are merged.
        /// Gaps are checked then, against the parent's arguments (Spring's rule).
        var ofChild: [InjectionPoint] {
            guard let indices else { return points }
            let indexed = zip(indices, points).compactMap { index, point in index.map { ($0, point) } }.sorted { $0.0 < $1.0 }
            return zip(indices, points).filter { $0.0 == nil }.map(\.1)
                + indexed.map { InjectionPoint(label: "index_\($0.0)", source: $0.1.source, location: $0.1.location) }
        }

        /// The points, each with an index at that position (an unlabelled argument is the
        /// parameter at its position), the others in the places left, in order: Spring's
        /// `c:holder="Ada" c:_1="7"` is `[holder: "Ada", "7"]`. Or the first place an index leaves
        /// empty before it (`index="2"` alone: 0), which Swift's positional arguments cannot skip.
        var inOrder: Result<[InjectionPoint], EmptyPlace> {
            guard let indices else { return .success(points) }
            // NB: a place for each argument, not up to the largest index: n arguments fill at
            // most n places, so an index past them leaves one of those empty, which is the error
            // (`index="4000000000"` would otherwise ask for a list of that length).
            var places = [InjectionPoint?](repeating: nil, count: points.count)
            var pastTheArguments = false
            for (index, point) in zip(indices, points) {
                guard let index else { continue }
                if index < places.count { places[index] = point } else { pastTheArguments = true }
            }
            var free = places.indices.filter { places[$0] == nil }[...]
            for (index, point) in zip(indices, points) where index == nil {
                guard let place = free.popFirst() else { break }
                places[place] = point
            }
            let last = pastTheArguments ? places.count - 1 : places.lastIndex { $0 != nil } ?? -1
            if let empty = places[...last].firstIndex(where: { $0 == nil }) { return .failure(EmptyPlace(index: empty)) }
            return .success(places[...last].compactMap { $0 })
        }
    }
}
