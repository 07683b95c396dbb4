import Foundation

protocol Clock: Sendable {
    var hour: Int { get }
}

struct SystemClock: Clock {
    var hour: Int { Calendar.current.component(.hour, from: Date()) }
}

final class Greeter: Sendable {
    let clock: any Clock
    let name: String

    init(clock: any Clock, name: String) {
        self.clock = clock
        self.name = name
    }

    func greeting() -> String {
        (clock.hour < 12 ? "Good morning, " : "Hello, ") + name
    }
}
