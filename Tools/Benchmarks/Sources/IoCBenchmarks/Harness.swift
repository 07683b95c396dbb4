import BenchCases
import Foundation
import Synchronization

/// Median nanoseconds per operation over `samples` runs of `iterations` operations.
func nanosPerOp(iterations: Int, samples: Int = 21, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<max(1, iterations / 10) { try body() }   // warm up
    var results: [Double] = []
    for _ in 0..<samples {
        let start = now()
        for _ in 0..<iterations { try body() }
        results.append(Double(now() - start) / Double(iterations))
    }
    return median(results)
}

/// Median nanoseconds per operation of each contender, measured in interleaved rounds so that
/// a noisy neighbour slows all of them alike. `iterations` scales each contender's batch
/// (a slow contender runs fewer operations per batch).
func compare(rounds: Int = 31, _ contenders: [(iterations: Int, body: () throws -> Void)]) throws -> [Double] {
    for contender in contenders {
        for _ in 0..<max(1, contender.iterations / 4) { try contender.body() }   // warm up
    }
    var results = Array(repeating: [Double](), count: contenders.count)
    for _ in 0..<rounds {
        for (index, contender) in contenders.enumerated() {
            let start = now()
            for _ in 0..<contender.iterations { try contender.body() }
            results[index].append(Double(now() - start) / Double(contender.iterations))
        }
    }
    return results.map(median)
}

/// Median nanoseconds of one whole run of `body`.
func nanosPerRun(samples: Int = 7, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var results: [Double] = []
    for _ in 0..<samples {
        let start = now()
        try body()
        results.append(Double(now() - start))
    }
    return median(results)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Operations per second of `threads` threads running `body` for `seconds`, median of 5 runs.
func opsPerSecond(threads: Int, seconds: Double = 0.25, _ body: @escaping @Sendable () -> Void) -> Double {
    var results: [Double] = []
    for _ in 0..<5 {
        let total = Atomic<Int>(0)
        let group = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        let deadline = Atomic<UInt64>(0)
        for _ in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                start.wait()
                var count = 0
                while now() < deadline.load(ordering: .relaxed) {
                    for _ in 0..<256 { body() }
                    count += 256
                }
                total.add(count, ordering: .relaxed)
                group.leave()
            }
        }
        let began = now()
        deadline.store(began + UInt64(seconds * 1e9), ordering: .relaxed)
        for _ in 0..<threads { start.signal() }
        group.wait()
        results.append(Double(total.load(ordering: .relaxed)) / (Double(now() - began) / 1e9))
    }
    return median(results)
}

/// One benchmark case's figures, printed as a table row and as a `BENCH` line.
struct Row {
    var name: String
    var fields: [(String, Double)]

    var benchLine: String {
        "BENCH case=\(name) " + fields.map { "\($0.0)=\(format($0.1))" }.joined(separator: " ")
    }

    func value(_ key: String) -> Double? { fields.first { $0.0 == key }?.1 }

    var tableLine: String {
        var parts = [name.padding(toLength: 18, withPad: " ", startingAt: 0)]
        for (key, value) in fields {
            let unit = key.hasSuffix("_ops") || key.contains("_ops_") ? "/s" : key.hasSuffix("_ns") || key.contains("_ns_") ? " ns" : ""
            let part = "\(key) \(format(value))\(unit)"
            parts.append(part.padding(toLength: max(28, part.count), withPad: " ", startingAt: 0))
        }
        if let ioc = value("ioc_ns"), let hand = value("hand_ns"), hand > 0 {
            parts.append(String(format: "ioc/hand %.2fx", ioc / hand))
        }
        if let ioc = value("ioc_ns"), let limit = value("limit_ns"), limit > 0 {
            parts.append(String(format: "ioc/limit %.2fx", ioc / limit))
        }
        if let ioc = value("ioc_ns"), let swinject = value("swinject_ns"), ioc > 0 {
            parts.append(String(format: "swinject/ioc %.1fx", swinject / ioc))
        }
        if let ioc = value("ioc_ops"), let swinject = value("swinject_ops"), swinject > 0 {
            parts.append(String(format: "ioc/swinject %.1fx", ioc / swinject))
        }
        return parts.joined(separator: " ")
    }

    private func format(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }
}

/// The value, or the end of the run with the error: a benchmark that cannot resolve is broken.
func must<T>(_ body: () throws -> T) -> T {
    do { return try body() } catch {
        print("benchmark failed: \(error)")
        exit(1)
    }
}
