// Hand-written scenes of the classic Auto Layout animations, kept in the
// package as text so that `layoutbench examples` can list and write them.
// Their expected rectangles are computed by hand in the tests.

public struct ExampleScene: Sendable {
    public let key: String
    public let summary: String
    public let json: String

    public func scene() throws(LayoutError) -> Scene { try Scene.load(Array(json.utf8)) }
}

public enum ExampleScenes {
    public static let all: [ExampleScene] = [
        ExampleScene(
            key: "slider-stack",
            summary: "a slider drives red's height through an edit at 750; yellow, stacked 8 pt below, follows",
            json: #"""
{
 "format": "layoutbench-scene",
 "version": 1,
 "name": "slider-stack: a slider drives red's height through an edit at 750; yellow, stacked 8 pt below, follows",
 "views": [
  {
   "id": "root"
  },
  {
   "id": "red",
   "parent": "root"
  },
  {
   "id": "yellow",
   "parent": "root"
  }
 ],
 "constraints": [
  {
   "id": "r0",
   "first": "root.left",
   "relation": "==",
   "constant": 0
  },
  {
   "id": "r1",
   "first": "root.top",
   "relation": "==",
   "constant": 0
  },
  {
   "id": "r2",
   "first": "root.width",
   "relation": "==",
   "constant": 375
  },
  {
   "id": "r3",
   "first": "root.height",
   "relation": "==",
   "constant": 667
  },
  {
   "id": "c1",
   "first": "red.top",
   "relation": "==",
   "second": "root.top",
   "constant": 20
  },
  {
   "id": "c2",
   "first": "red.height",
   "relation": ">=",
   "constant": 44,
   "priority": 750
  },
  {
   "id": "c3",
   "first": "red.height",
   "relation": "==",
   "constant": 60,
   "priority": 250
  },
  {
   "id": "c4",
   "first": "red.left",
   "relation": "==",
   "second": "root.left"
  },
  {
   "id": "c5",
   "first": "red.right",
   "relation": "==",
   "second": "root.right"
  },
  {
   "id": "c6",
   "first": "yellow.top",
   "relation": "==",
   "second": "red.bottom",
   "multiplier": 1,
   "constant": 8
  },
  {
   "id": "c7",
   "first": "yellow.left",
   "relation": "==",
   "second": "root.left"
  },
  {
   "id": "c8",
   "first": "yellow.width",
   "relation": "==",
   "second": "root.width"
  },
  {
   "id": "c9",
   "first": "yellow.height",
   "relation": "==",
   "constant": 50,
   "priority": 500
  }
 ],
 "edits": [
  {
   "attribute": "red.height",
   "priority": 750
  }
 ],
 "frames": [
  [
   {
    "op": "suggest",
    "attribute": "red.height",
    "value": 120
   }
  ],
  [
   {
    "op": "setConstant",
    "constraint": "c1",
    "value": 30
   },
   {
    "op": "setPriority",
    "constraint": "c2",
    "value": 250
   }
  ],
  [
   {
    "op": "deactivate",
    "constraint": "c6"
   }
  ],
  [
   {
    "op": "activate",
    "constraint": "c6"
   }
  ],
  [
   {
    "op": "add",
    "constraint": {
     "id": "c10",
     "first": "yellow.height",
     "relation": "==",
     "second": "red.height",
     "multiplier": 0.5
    }
   }
  ],
  [
   {
    "op": "remove",
    "constraint": "c10"
   }
  ]
 ]
}
"""#),
        ExampleScene(
            key: "toggle-split",
            summary: "a switch swaps two trailing priorities (750/250) to split a row into a yellow and a blue half, spacing 10 or 100",
            json: #"""
{
 "format": "layoutbench-scene",
 "version": 1,
 "name": "toggle-split: a switch swaps two trailing priorities (750/250) to split a row into a yellow and a blue half, spacing 10 or 100",
 "views": [
  {
   "id": "root"
  },
  {
   "id": "row",
   "parent": "root"
  },
  {
   "id": "yellow",
   "parent": "row"
  },
  {
   "id": "blue",
   "parent": "row"
  }
 ],
 "constraints": [
  {
   "id": "r0",
   "first": "root.left",
   "relation": "==",
   "constant": 0
  },
  {
   "id": "r1",
   "first": "root.top",
   "relation": "==",
   "constant": 0
  },
  {
   "id": "r2",
   "first": "root.width",
   "relation": "==",
   "constant": 375
  },
  {
   "id": "r3",
   "first": "root.height",
   "relation": "==",
   "constant": 667
  },
  {
   "id": "rowLeft",
   "first": "row.left",
   "relation": "==",
   "second": "root.left",
   "constant": 20
  },
  {
   "id": "rowTop",
   "first": "row.top",
   "relation": "==",
   "second": "root.top",
   "constant": 100
  },
  {
   "id": "rowWidth",
   "first": "row.width",
   "relation": "==",
   "constant": 335
  },
  {
   "id": "rowHeight",
   "first": "row.height",
   "relation": "==",
   "constant": 44
  },
  {
   "id": "yLeft",
   "first": "yellow.leading",
   "relation": "==",
   "second": "row.leading"
  },
  {
   "id": "yTop",
   "first": "yellow.top",
   "relation": "==",
   "second": "row.top"
  },
  {
   "id": "yHeight",
   "first": "yellow.height",
   "relation": "==",
   "second": "row.height"
  },
  {
   "id": "bRight",
   "first": "blue.trailing",
   "relation": "==",
   "second": "row.trailing"
  },
  {
   "id": "bTop",
   "first": "blue.top",
   "relation": "==",
   "second": "row.top"
  },
  {
   "id": "bHeight",
   "first": "blue.height",
   "relation": "==",
   "second": "row.height"
  },
  {
   "id": "equalWidths",
   "first": "blue.width",
   "relation": "==",
   "second": "yellow.width"
  },
  {
   "id": "split",
   "first": "blue.leading",
   "relation": "==",
   "second": "yellow.trailing",
   "constant": 10,
   "priority": 750
  },
  {
   "id": "yellowFull",
   "first": "yellow.trailing",
   "relation": "==",
   "second": "row.trailing",
   "priority": 250
  }
 ],
 "edits": [],
 "frames": [
  [
   {
    "op": "setPriority",
    "constraint": "split",
    "value": 250
   },
   {
    "op": "setPriority",
    "constraint": "yellowFull",
    "value": 750
   }
  ],
  [
   {
    "op": "setConstant",
    "constraint": "split",
    "value": 100
   }
  ],
  [
   {
    "op": "setPriority",
    "constraint": "split",
    "value": 750
   },
   {
    "op": "setPriority",
    "constraint": "yellowFull",
    "value": 250
   }
  ],
  [
   {
    "op": "setConstant",
    "constraint": "split",
    "value": 10
   }
  ]
 ]
}
"""#),
        ExampleScene(
            key: "square-slider",
            summary: "a slider changes a centred square's width and height constants",
            json: #"""
{
 "format": "layoutbench-scene",
 "version": 1,
 "name": "square-slider: a slider changes a centred square's width and height constants",
 "views": [
  {
   "id": "root"
  },
  {
   "id": "square",
   "parent": "root"
  }
 ],
 "constraints": [
  {
   "id": "r0",
   "first": "root.left",
   "relation": "==",
   "constant": 0
  },
  {
   "id": "r1",
   "first": "root.top",
   "relation": "==",
   "constant": 0
  },
  {
   "id": "r2",
   "first": "root.width",
   "relation": "==",
   "constant": 375
  },
  {
   "id": "r3",
   "first": "root.height",
   "relation": "==",
   "constant": 667
  },
  {
   "id": "cx",
   "first": "square.centerX",
   "relation": "==",
   "second": "root.centerX"
  },
  {
   "id": "cy",
   "first": "square.centerY",
   "relation": "==",
   "second": "root.centerY"
  },
  {
   "id": "w",
   "first": "square.width",
   "relation": "==",
   "constant": 100
  },
  {
   "id": "h",
   "first": "square.height",
   "relation": "==",
   "constant": 100
  }
 ],
 "edits": [],
 "frames": [
  [
   {
    "op": "setConstant",
    "constraint": "w",
    "value": 150
   },
   {
    "op": "setConstant",
    "constraint": "h",
    "value": 150
   }
  ],
  [
   {
    "op": "setConstant",
    "constraint": "w",
    "value": 200
   },
   {
    "op": "setConstant",
    "constraint": "h",
    "value": 200
   }
  ],
  [
   {
    "op": "setConstant",
    "constraint": "w",
    "value": 50
   },
   {
    "op": "setConstant",
    "constraint": "h",
    "value": 50
   }
  ]
 ]
}
"""#),
        ExampleScene(
            key: "drag-tip",
            summary: "a tip kept inside its box by required inequalities while its centre follows the finger at 750, with a label bound to it",
            json: #"""
{
 "format": "layoutbench-scene",
 "version": 1,
 "name": "drag-tip: a tip kept inside its box by required inequalities while its centre follows the finger at 750, with a label bound to it",
 "views": [
  {
   "id": "root"
  },
  {
   "id": "box",
   "parent": "root"
  },
  {
   "id": "tip",
   "parent": "box"
  },
  {
   "id": "label",
   "parent": "root"
  }
 ],
 "constraints": [
  {
   "id": "r0",
   "first": "root.left",
   "relation": "==",
   "constant": 0
  },
  {
   "id": "r1",
   "first": "root.top",
   "relation": "==",
   "constant": 0
  },
  {
   "id": "r2",
   "first": "root.width",
   "relation": "==",
   "constant": 375
  },
  {
   "id": "r3",
   "first": "root.height",
   "relation": "==",
   "constant": 667
  },
  {
   "id": "boxLeft",
   "first": "box.left",
   "relation": "==",
   "second": "root.left",
   "constant": 20
  },
  {
   "id": "boxTop",
   "first": "box.top",
   "relation": "==",
   "second": "root.top",
   "constant": 200
  },
  {
   "id": "boxWidth",
   "first": "box.width",
   "relation": "==",
   "constant": 335
  },
  {
   "id": "boxHeight",
   "first": "box.height",
   "relation": "==",
   "constant": 100
  },
  {
   "id": "tipWidth",
   "first": "tip.width",
   "relation": "==",
   "constant": 40
  },
  {
   "id": "tipHeight",
   "first": "tip.height",
   "relation": "==",
   "constant": 40
  },
  {
   "id": "tipCenterY",
   "first": "tip.centerY",
   "relation": "==",
   "second": "box.centerY"
  },
  {
   "id": "tipInsideLeft",
   "first": "tip.left",
   "relation": ">=",
   "second": "box.left"
  },
  {
   "id": "tipInsideRight",
   "first": "tip.right",
   "relation": "<=",
   "second": "box.right"
  },
  {
   "id": "tipRest",
   "first": "tip.centerX",
   "relation": "==",
   "second": "box.centerX",
   "priority": 250
  },
  {
   "id": "labelFollows",
   "first": "label.centerX",
   "relation": "==",
   "second": "tip.centerX",
   "priority": 750
  },
  {
   "id": "labelTop",
   "first": "label.top",
   "relation": "==",
   "second": "tip.bottom",
   "constant": 8
  },
  {
   "id": "labelWidth",
   "first": "label.width",
   "relation": "==",
   "constant": 80
  },
  {
   "id": "labelHeight",
   "first": "label.height",
   "relation": "==",
   "constant": 20
  },
  {
   "id": "labelOnScreen",
   "first": "label.left",
   "relation": ">=",
   "second": "root.left"
  }
 ],
 "edits": [
  {
   "attribute": "tip.centerX",
   "priority": 750
  }
 ],
 "frames": [
  [
   {
    "op": "suggest",
    "attribute": "tip.centerX",
    "value": 300
   }
  ],
  [
   {
    "op": "suggest",
    "attribute": "tip.centerX",
    "value": 400
   }
  ],
  [
   {
    "op": "suggest",
    "attribute": "tip.centerX",
    "value": -50
   }
  ],
  [
   {
    "op": "suggest",
    "attribute": "tip.centerX",
    "value": 100
   }
  ]
 ]
}
"""#),
        ExampleScene(
            key: "scroll-header",
            summary: "a header's constants follow the scroll offset (background up at half speed, title up at a quarter) over a list",
            json: #"""
{
 "format": "layoutbench-scene",
 "version": 1,
 "name": "scroll-header: a header's constants follow the scroll offset (background up at half speed, title up at a quarter) over a list",
 "views": [
  {
   "id": "root"
  },
  {
   "id": "header",
   "parent": "root"
  },
  {
   "id": "title",
   "parent": "header"
  },
  {
   "id": "list",
   "parent": "root"
  }
 ],
 "constraints": [
  {
   "id": "r0",
   "first": "root.left",
   "relation": "==",
   "constant": 0
  },
  {
   "id": "r1",
   "first": "root.top",
   "relation": "==",
   "constant": 0
  },
  {
   "id": "r2",
   "first": "root.width",
   "relation": "==",
   "constant": 375
  },
  {
   "id": "r3",
   "first": "root.height",
   "relation": "==",
   "constant": 667
  },
  {
   "id": "headerTop",
   "first": "header.top",
   "relation": "==",
   "second": "root.top"
  },
  {
   "id": "headerLeft",
   "first": "header.left",
   "relation": "==",
   "second": "root.left"
  },
  {
   "id": "headerWidth",
   "first": "header.width",
   "relation": "==",
   "second": "root.width"
  },
  {
   "id": "headerHeight",
   "first": "header.height",
   "relation": "==",
   "constant": 200
  },
  {
   "id": "titleLeft",
   "first": "title.left",
   "relation": "==",
   "second": "header.left",
   "constant": 16
  },
  {
   "id": "titleBottom",
   "first": "title.bottom",
   "relation": "==",
   "second": "header.bottom",
   "constant": -16
  },
  {
   "id": "titleWidth",
   "first": "title.width",
   "relation": "==",
   "constant": 200
  },
  {
   "id": "titleHeight",
   "first": "title.height",
   "relation": "==",
   "constant": 30
  },
  {
   "id": "listTop",
   "first": "list.top",
   "relation": "==",
   "second": "header.bottom"
  },
  {
   "id": "listLeft",
   "first": "list.left",
   "relation": "==",
   "second": "root.left"
  },
  {
   "id": "listWidth",
   "first": "list.width",
   "relation": "==",
   "second": "root.width"
  },
  {
   "id": "listBottom",
   "first": "list.bottom",
   "relation": "==",
   "second": "root.bottom"
  }
 ],
 "edits": [],
 "frames": [
  [
   {
    "op": "setConstant",
    "constraint": "headerTop",
    "value": -20
   },
   {
    "op": "setConstant",
    "constraint": "titleBottom",
    "value": -26
   }
  ],
  [
   {
    "op": "setConstant",
    "constraint": "headerTop",
    "value": -50
   },
   {
    "op": "setConstant",
    "constraint": "titleBottom",
    "value": -41
   }
  ],
  [
   {
    "op": "setConstant",
    "constraint": "headerTop",
    "value": 0
   },
   {
    "op": "setConstant",
    "constraint": "titleBottom",
    "value": -16
   }
  ]
 ]
}
"""#),
        ExampleScene(
            key: "date-picker",
            summary: "a picker container slides up from below the screen by its top constraint's constant; the content above shrinks",
            json: #"""
{
 "format": "layoutbench-scene",
 "version": 1,
 "name": "date-picker: a picker container slides up from below the screen by its top constraint's constant; the content above shrinks",
 "views": [
  {
   "id": "root"
  },
  {
   "id": "content",
   "parent": "root"
  },
  {
   "id": "picker",
   "parent": "root"
  }
 ],
 "constraints": [
  {
   "id": "r0",
   "first": "root.left",
   "relation": "==",
   "constant": 0
  },
  {
   "id": "r1",
   "first": "root.top",
   "relation": "==",
   "constant": 0
  },
  {
   "id": "r2",
   "first": "root.width",
   "relation": "==",
   "constant": 375
  },
  {
   "id": "r3",
   "first": "root.height",
   "relation": "==",
   "constant": 667
  },
  {
   "id": "contentTop",
   "first": "content.top",
   "relation": "==",
   "second": "root.top"
  },
  {
   "id": "contentLeft",
   "first": "content.left",
   "relation": "==",
   "second": "root.left"
  },
  {
   "id": "contentWidth",
   "first": "content.width",
   "relation": "==",
   "second": "root.width"
  },
  {
   "id": "contentBottom",
   "first": "content.bottom",
   "relation": "==",
   "second": "picker.top"
  },
  {
   "id": "pickerTop",
   "first": "picker.top",
   "relation": "==",
   "second": "root.bottom"
  },
  {
   "id": "pickerLeft",
   "first": "picker.left",
   "relation": "==",
   "second": "root.left"
  },
  {
   "id": "pickerWidth",
   "first": "picker.width",
   "relation": "==",
   "second": "root.width"
  },
  {
   "id": "pickerHeight",
   "first": "picker.height",
   "relation": "==",
   "constant": 216
  }
 ],
 "edits": [],
 "frames": [
  [
   {
    "op": "setConstant",
    "constraint": "pickerTop",
    "value": -108
   }
  ],
  [
   {
    "op": "setConstant",
    "constraint": "pickerTop",
    "value": -216
   }
  ],
  [
   {
    "op": "setConstant",
    "constraint": "pickerTop",
    "value": 0
   }
  ]
 ]
}
"""#),
    ]

    public static func named(_ key: String) -> ExampleScene? { all.first { $0.key == key } }
}
