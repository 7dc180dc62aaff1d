import QuillCore

/// Running statistics over samples: what `quill summary` prints. Constant memory.
public struct SampleSummary: Sendable {
    /// Samples seen.
    public private(set) var sampleCount = 0
    /// Samples per phase.
    public private(set) var phaseCounts: [PenPhase: Int] = [:]
    /// Strokes (contact sequences) per tool: one per `began` sample.
    public private(set) var strokesPerTool: [PenTool: Int] = [:]
    /// Samples per tool.
    public private(set) var samplesPerTool: [PenTool: Int] = [:]
    /// First and last sample times, seconds.
    public private(set) var timeRange: ClosedRange<Double>?
    /// Normalized pressure range over samples in contact.
    public private(set) var pressureRange: ClosedRange<Double>?
    /// Altitude range (radians) over all samples.
    public private(set) var altitudeRange: ClosedRange<Double>?
    /// Azimuth range (radians) over all samples.
    public private(set) var azimuthRange: ClosedRange<Double>?
    /// Hover distance range over hover samples.
    public private(set) var distanceRange: ClosedRange<Double>?
    /// Buttons held at some point.
    public private(set) var buttonsSeen: PenButtons = []

    public init() {}

    /// Total strokes.
    public var strokeCount: Int { strokesPerTool.values.reduce(0, +) }

    /// Tools seen, in a fixed order.
    public var toolsSeen: [PenTool] { PenTool.allCases.filter { samplesPerTool[$0] != nil } }

    public mutating func add(_ sample: PenSample) {
        sampleCount += 1
        phaseCounts[sample.phase, default: 0] += 1
        samplesPerTool[sample.tool, default: 0] += 1
        if sample.phase == .began { strokesPerTool[sample.tool, default: 0] += 1 }
        timeRange = SampleSummary.extend(timeRange, sample.time)
        if sample.phase.isInContact { pressureRange = SampleSummary.extend(pressureRange, sample.pressure) }
        if sample.phase == .hover { distanceRange = SampleSummary.extend(distanceRange, sample.distance) }
        altitudeRange = SampleSummary.extend(altitudeRange, sample.altitude)
        azimuthRange = SampleSummary.extend(azimuthRange, sample.azimuth)
        buttonsSeen.formUnion(sample.buttons)
    }

    static func extend(_ range: ClosedRange<Double>?, _ value: Double) -> ClosedRange<Double> {
        guard let range else { return value...value }
        return Swift.min(range.lowerBound, value)...Swift.max(range.upperBound, value)
    }
}
