/// What choosing among a type's initializers, static factories or methods needs of each: its
/// signature, how many parameters it takes, and whether the last ones have Swift defaults.
/// The catalog's members have it; so do the declarations the config compiler reads, which
/// choose by the same rules and report in the same words.
package protocol ChoosableMember {
    var signature: Signature { get }
    var parameterCount: Int { get }
    /// Whether every parameter from `position` on has a Swift default value.
    func hasDefaults(from position: Int) -> Bool
}

extension TypeDescriptor.Member: ChoosableMember {
    package var parameterCount: Int { parameterTypes.count }
}

/// The rules by which config picks a member: the one its signature names (`init(quest:)`), or
/// the one its arguments fit — by their labels, or by their count, or fewer with the rest
/// defaulted.
package enum MemberChoice {
    private enum Rule {
        case signature(Signature, sameArity: Bool)
        case any, noParameters, exactLabels, coveringLabels, sameArity
        /// Fewer arguments than parameters, the rest having Swift defaults.
        case fewerWithDefaults
    }

    /// The index of the member `definition` means among `members`, or the problem: none fits
    /// (with the names it has), or several do. `parse` reads a signature's text (a caller may
    /// keep the ones it parsed).
    package static func choose<Member: ChoosableMember>(
        _ members: [Member], requested: String?, arguments: [InjectionPoint], kind: String, type: String,
        _ definition: Definition, parse: (String) -> Signature? = Signature.init
    ) -> Result<Int, IoCError> {
        // The names it could have meant, for the messages only.
        var known: [String] { members.map(\.signature.description) }
        // NB: by index, and candidates are counted, listed only for an error: passing or
        // filtering members copied every matching one (signature, parameter types, template)
        // for every definition.
        func matches(_ index: Int, _ rule: Rule) -> Bool {
            switch rule {
            case let .signature(signature, sameArity):
                return signature.matches(members[index].signature) && (!sameArity || members[index].parameterCount == arguments.count)
            case .any: return true
            case .noParameters: return members[index].parameterCount == 0
            case .exactLabels:
                let labels = members[index].signature.labels ?? []
                return Self.labels(labels, cover: arguments) && Self.labels(labels, areIn: arguments)
            case .coveringLabels: return Self.labels(members[index].signature.labels ?? [], cover: arguments)
            case .sameArity: return members[index].parameterCount == arguments.count
            case .fewerWithDefaults:
                return arguments.count < members[index].parameterCount && members[index].hasDefaults(from: arguments.count)
            }
        }
        func count(_ rule: Rule) -> (first: Int, count: Int) {
            var first = -1
            var count = 0
            for index in members.indices where matches(index, rule) {
                if count == 0 { first = index }
                count += 1
            }
            return (first, count)
        }
        var rule: Rule
        if let requested {
            guard let signature = parse(requested) else {
                return .failure(IoCError(.unknownMember(kind: kind, name: requested, type: type, component: definition.label,
                                                        location: definition.location, known: known, suggestions: [])))
            }
            rule = .signature(signature, sameArity: false)
            if count(rule).count > 1 { rule = .signature(signature, sameArity: true) }
        } else if arguments.isEmpty {
            rule = members.count == 1 ? .any : .noParameters
        } else if arguments.allSatisfy({ $0.label != nil }) {
            // The member whose labels are the ones given (as sets); else those that have them all.
            rule = .exactLabels
            if count(rule).count == 0 { rule = .coveringLabels }
        } else {
            rule = .sameArity
        }
        var found = count(rule)
        // A member whose remaining parameters have defaults, as a Swift call may leave them out.
        if found.count == 0, requested == nil, arguments.allSatisfy({ $0.label == nil }) {
            rule = .fewerWithDefaults
            found = count(rule)
        }
        if found.count == 1 { return .success(found.first) }
        let candidates = members.indices.filter { matches($0, rule) }.map { members[$0].signature.description }
        if candidates.isEmpty {
            let wanted = requested ?? "taking (" + arguments.map { ($0.label ?? "_") + ":" }.joined() + ")"
            // At the argument the message is about: the first whose label no member has, else the first.
            let labels = Set(members.flatMap { $0.signature.labels ?? [] }.compactMap { $0 })
            let argument = requested == nil ? arguments.first { $0.label.map { !labels.contains($0) } ?? false } ?? arguments.first : nil
            return .failure(IoCError(.unknownMember(kind: kind, name: wanted, type: type, component: definition.label,
                                                    location: argument?.location ?? definition.location,
                                                    known: known, suggestions: requested.map { Suggestions.closest(to: $0, in: known) } ?? [])))
        }
        return .failure(IoCError(.ambiguousMember(kind: kind, type: type, candidates: candidates, component: definition.label,
                                                  location: definition.location)))
    }

    /// The parameter of the member with `signature` each given argument is for: by label, or
    /// by position when it has none; or the problem (a label it lacks, too many arguments).
    package static func targets(of given: [InjectionPoint], in signature: Signature, _ definition: Definition) -> Result<[Int], IoCError> {
        let labels = signature.labels ?? []
        var targets: [Int] = []
        targets.reserveCapacity(given.count)
        for position in given.indices {
            if let label = given[position].label {
                guard let found = labels.firstIndex(of: label) else {
                    return .failure(IoCError(.unknownMember(kind: "argument label", name: label, type: "\(signature)",
                                                            component: definition.label, location: given[position].location ?? definition.location,
                                                            known: labels.map { $0 ?? "_" },
                                                            suggestions: Suggestions.closest(to: label, in: labels.compactMap { $0 }))))
                }
                targets.append(found)
            } else {
                guard position < labels.count else {
                    return .failure(IoCError(.invalidDefinition(component: definition.label,
                                                                reason: "\(signature) takes \(labels.count) argument(s), but \(given.count) are given.",
                                                                location: given[position].location ?? definition.location)))
                }
                targets.append(position)
            }
        }
        return .success(targets)
    }

    // NB: labels are compared pairwise, not as sets: a definition gives a few, a member has a
    // few, and sets would cost two allocations per member for every definition.

    /// Whether every label the arguments give is one of the member's `labels`.
    private static func labels(_ labels: [String?], cover arguments: [InjectionPoint]) -> Bool {
        for index in arguments.indices {
            guard let label = arguments[index].label, labels.contains(label) else { return false }
        }
        return true
    }

    /// Whether every one of the member's `labels` (`_` aside) is given by one of the arguments.
    private static func labels(_ labels: [String?], areIn arguments: [InjectionPoint]) -> Bool {
        labels.allSatisfy { label in
            guard let label else { return true }
            return arguments.indices.contains { arguments[$0].label == label }
        }
    }
}
