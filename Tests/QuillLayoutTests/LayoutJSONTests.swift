import QuillLayout
import Testing

@Suite("Layout JSON")
struct LayoutJSONTests {
    @Test("A floating layout encodes every key in order")
    func aFloatingLayoutEncodesEveryKeyInOrder() throws {
        // 11-inch iPad Pro portrait: 834×1194 @2x, insets 24/0/20/0, regular/regular, margins 20.
        // Palette: one column of eight 44 pt controls (424 pt tall, 60 wide) against the left margin,
        // centred in the band between the 88 pt corner squares: y = 88 + (1106 - 88 - 424) / 2 = 385.
        let layout = try LayoutEnvironment(deviceID: "ipad-pro-11", orientation: .portrait).layout()
        #expect(layout.jsonText() == """
            {"device":"ipad-pro-11","orientation":"portrait","mode":"full","window":{"width":834,"height":1194},\
            "scale":2,"size_class":{"horizontal":"regular","vertical":"regular"},\
            "safe_area":{"top":24,"left":0,"bottom":20,"right":0},"layout_margins":{"left":20,"right":20},\
            "readable_width":672,"canvas":{"x":0,"y":0,"width":834,"height":1194},\
            "palette":{"x":20,"y":385,"width":60,"height":424,"docked":false},\
            "obscured":{"x":20,"y":385,"width":60,"height":424}}
            """)
    }

    @Test("A docked layout encodes obscured as null")
    func aDockedLayoutEncodesObscuredAsNull() throws {
        // iPhone X portrait: 375×812 @3x, insets 44/0/34/0, compact width, margins 16, readable
        // width limited to 375 - 32. Two rows of four controls: bar 112 pt tall above the 34 pt inset.
        let layout = try LayoutEnvironment(deviceID: "iphone-x", orientation: .portrait).layout()
        #expect(layout.jsonText() == """
            {"device":"iphone-x","orientation":"portrait","mode":"full","window":{"width":375,"height":812},\
            "scale":3,"size_class":{"horizontal":"compact","vertical":"regular"},\
            "safe_area":{"top":44,"left":0,"bottom":34,"right":0},"layout_margins":{"left":16,"right":16},\
            "readable_width":343,"canvas":{"x":0,"y":0,"width":375,"height":666},\
            "palette":{"x":0,"y":666,"width":375,"height":112,"docked":true},"obscured":null}
            """)
    }

    @Test("A window-only layout encodes the device as null")
    func aWindowOnlyLayoutEncodesTheDeviceAsNull() throws {
        let text = try Layout(windowWidth: 1280, height: 800, scale: 1.5).jsonText()
        #expect(text.hasPrefix(#"{"device":null,"orientation":"landscape","mode":"full","window":{"width":1280,"height":800},"scale":1.5,"#))
    }

    @Test("Pretty JSON puts one key on each line")
    func prettyJSONPutsOneKeyOnEachLine() throws {
        let text = try LayoutEnvironment(deviceID: "iphone-8", orientation: .landscape).layout().jsonText(pretty: true)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "{")
        #expect(lines[1] == #"  "device": "iphone-8","#)
        #expect(lines.contains(#"  "mode": "full","#))
        #expect(lines.last == "}")
    }
}
