import QuillLayout
import Testing

/// Properties over every device × orientation × mode × text size × hand × palette choice
/// (exhaustive, so no seed is needed). Each failure prints the environment.
@Suite("Placement properties")
struct PlacementPropertyTests {
    static let cases = allLayouts()

    @Test("Every possible combination is covered")
    func everyPossibleCombinationIsCovered() {
        // 8 iPads × 9 (orientation, mode) + 9 iPhones × 2, each × 12 text sizes × 2 hands × 3 palettes.
        #expect(Self.cases.count == (8 * 9 + 9 * 2) * 12 * 2 * 3)
    }

    @Test("The palette never overlaps the Home indicator area or leaves the window")
    func thePaletteNeverOverlapsTheHomeIndicatorAreaOrLeavesTheWindow() {
        var withIndicator = 0
        for item in Self.cases {
            let layout = item.layout
            #expect(layout.windowRect.contains(layout.palette.frame), "\(item.environment): \(layout.palette.frame)")
            #expect(layout.windowRect.contains(layout.palette.background), "\(item.environment)")
            if let indicator = layout.homeIndicatorArea {
                withIndicator += 1
                #expect(!layout.palette.frame.overlaps(indicator), "\(item.environment): \(layout.palette.frame) over \(indicator)")
                for control in layout.palette.controls {
                    #expect(!control.overlaps(indicator), "\(item.environment): \(control)")
                }
            }
        }
        #expect(withIndicator > 0)
    }

    @Test("Every control is at least 44 by 44 points and inside the safe area and margins")
    func everyControlIsAtLeast44By44AndInsideTheSafeAreaAndMargins() {
        for item in Self.cases {
            let layout = item.layout
            #expect(layout.palette.controls.count == PaletteMetrics.standard.controlCount)
            for control in layout.palette.controls {
                #expect(control.width >= 44 && control.height >= 44, "\(item.environment): \(control)")
                #expect(layout.marginRect.contains(control, tolerance: Tolerance.points), "\(item.environment): \(control) outside \(layout.marginRect)")
                #expect(layout.palette.frame.contains(control, tolerance: Tolerance.points), "\(item.environment)")
            }
            let controls = layout.palette.controls
            for i in controls.indices {
                for j in controls.indices where j > i {
                    #expect(!controls[i].overlaps(controls[j]), "\(item.environment): controls \(i) and \(j)")
                }
            }
        }
    }

    @Test("Canvas and palette never overlap when docked, and the canvas is inset by the bar's height")
    func canvasAndPaletteNeverOverlapWhenDocked() {
        var docked = 0
        for item in Self.cases where item.layout.palette.isDocked {
            docked += 1
            let layout = item.layout
            #expect(!layout.canvas.overlaps(layout.palette.background), "\(item.environment)")
            #expect(!layout.canvas.overlaps(layout.palette.frame), "\(item.environment)")
            #expect(layout.obscured == nil, "\(item.environment)")
            #expect(layout.canvas.maxY == layout.palette.frame.minY, "\(item.environment)")
            #expect(layout.canvas.height == layout.window.height - layout.palette.background.height)
            #expect(layout.palette.background.maxY == layout.window.height)
            #expect(layout.palette.frame.maxY == layout.window.height - layout.safeArea.bottom)
        }
        #expect(docked > 0)
    }

    @Test("The canvas background reaches the window edges and the drawable area stays inside the safe area and margins")
    func theCanvasReachesTheWindowEdges() {
        for item in Self.cases {
            let layout = item.layout
            #expect(layout.canvas.minX == 0 && layout.canvas.minY == 0 && layout.canvas.maxX == layout.window.width, "\(item.environment)")
            if !layout.palette.isDocked {
                #expect(layout.canvas.maxY == layout.window.height, "\(item.environment)")
            }
            #expect(layout.marginRect.contains(layout.drawableArea), "\(item.environment)")
            #expect(layout.canvas.contains(layout.drawableArea), "\(item.environment)")
            #expect(layout.drawableArea.width > 0 && layout.drawableArea.height > 0, "\(item.environment)")
        }
    }

    @Test("The palette floats in regular width and docks in compact width unless the person chose")
    func thePaletteFloatsInRegularWidthAndDocksInCompactWidth() {
        for item in Self.cases {
            let layout = item.layout
            switch item.environment.palette {
            case .auto: #expect(layout.palette.isDocked == (layout.sizeClass.horizontal == .compact), "\(item.environment)")
            case .docked: #expect(layout.palette.isDocked, "\(item.environment)")
            case .floating: #expect(!layout.palette.isDocked, "\(item.environment)")
            }
        }
    }

    @Test("Palm rests never cover the floating palette")
    func palmRestsNeverCoverTheFloatingPalette() {
        for item in Self.cases where !item.layout.palette.isDocked {
            let layout = item.layout
            let half = layout.window.width / 2
            switch item.environment.hand {
            case .right: #expect(layout.palette.frame.maxX <= half, "\(item.environment): \(layout.palette.frame)")
            case .left: #expect(layout.palette.frame.minX >= half, "\(item.environment): \(layout.palette.frame)")
            }
            #expect(layout.obscured == layout.palette.frame, "\(item.environment)")
        }
    }

    @Test("The floating palette stays out of the far corners and off the bottom edge")
    func theFloatingPaletteStaysOutOfTheFarCorners() {
        let side = PaletteMetrics.standard.farCornerSide
        for item in Self.cases where !item.layout.palette.isDocked {
            let layout = item.layout
            let w = layout.window.width, h = layout.window.height
            let corners = [
                Rect(x: 0, y: 0, width: side, height: side), Rect(x: w - side, y: 0, width: side, height: side),
                Rect(x: 0, y: h - side, width: side, height: side), Rect(x: w - side, y: h - side, width: side, height: side),
            ]
            for corner in corners {
                #expect(!layout.palette.frame.overlaps(corner), "\(item.environment): \(layout.palette.frame) in \(corner)")
            }
            #expect(layout.safeAreaRect.contains(layout.palette.frame), "\(item.environment)")
        }
    }

    @Test("Controls stay inside the rounded screen outline")
    func controlsStayInsideTheRoundedScreenOutline() {
        var rounded = 0
        for item in Self.cases where item.layout.screenCornerRadius > 0 {
            rounded += 1
            let layout = item.layout
            let r = layout.screenCornerRadius
            for control in layout.palette.controls {
                for p in control.corners {
                    // Distance from the nearest corner circle's centre, when the point is in a corner square.
                    let cx = p.x < r ? r : (p.x > layout.window.width - r ? layout.window.width - r : p.x)
                    let cy = p.y < r ? r : (p.y > layout.window.height - r ? layout.window.height - r : p.y)
                    let dx = p.x - cx, dy = p.y - cy
                    #expect((dx * dx + dy * dy).squareRoot() <= r, "\(item.environment): \(p)")
                }
            }
        }
        #expect(rounded > 0)
    }

    @Test("Placements do not depend on the text size")
    func placementsDoNotDependOnTheTextSize() {
        // Rule 6: avoid gratuitous layout changes; only the readable width follows the text size.
        for item in Self.cases where item.environment.textSize != .large {
            var reference = item.environment
            reference.textSize = .large
            let base = try? reference.layout()
            #expect(base?.palette == item.layout.palette, "\(item.environment)")
            #expect(base?.canvas == item.layout.canvas, "\(item.environment)")
        }
    }
}
