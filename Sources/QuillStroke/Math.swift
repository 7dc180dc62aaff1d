import RealModule

// Elementary functions through swift-numerics, so the stroke engine needs neither Foundation nor C.
@inline(__always) func _cos(_ x: Double) -> Double { Double.cos(x) }
@inline(__always) func _sin(_ x: Double) -> Double { Double.sin(x) }
@inline(__always) func _atan2(_ y: Double, _ x: Double) -> Double { Double.atan2(y: y, x: x) }
@inline(__always) func _hypot(_ x: Double, _ y: Double) -> Double { Double.hypot(x, y) }
@inline(__always) func _pow(_ x: Double, _ y: Double) -> Double { Double.pow(x, y) }
