; calc bytecode, format 2
; source: Samples/tour/tour.cal
.scene size 256x192 scale 1 fps 12 duration 4 background #f4f1eaff origin topLeft
.globals 16
.property "sweep" id 32768 angle = 0

.constants
  K0      number    0
  K1      number    6.283185307179586
  K2      number    2
  K3      number    inf
  K4      enum      case 3
  K5      number    1
  K6      bool      false
  K7      number    0.3
  K8      number    8
  K9      number    -40
  K10     rect      (0, 0, 150, 90)
  K11     point     (90, 60)
  K12     color     #ffffffff
  K13     number    12
  K14     number    3
  K15     color     #1d3557ff
  K16     bool      true
  K17     transform [0.9986295347545738 -0.05233595624294383 0 0, 0.05233595624294383 0.9986295347545738 0 0, 0 0 1 0, 0 4 0 1]
  K18     rect      (0, 0, 150, 24)
  K19     color     rgba(0.54, 0.7799999999999999, 0.9, 1)
  K20     rect      (0, 0, 28, 28)
  K21     point     (130, 66)
  K22     number    14
  K23     color     rgba(0.9, 0.22, 0.27, 1)
  K24     rect      (0, 0, 36, 36)
  K25     point     (210, 50)
  K26     number    18
  K27     number    0.5
  K28     timing    easeOut
  K29     rect      (0, 0, 40, 40)
  K30     point     (220, 160)
  K31     number    4
  K32     rect      (0, 0, 10, 10)
  K33     point     (248, 12)
  K34     number    5
  K35     string    "tile "
  K36     string    "spin"
  K37     string    "tile"
  K38     rect      (0, 0, 32, 32)
  K39     string    "position"
  K40     color     #2a9d8fff
  K41     color     #e9c46aff
  K42     color     #f4a261ff
  K43     color     #e76f51ff
  K44     color     #264653ff
  K45     number    0.4
  K46     number    0.6
  K47     string    "tile0"
  K48     string    "hop"
  K49     string    "turn"
  K50     number    40
  K51     number    44
  K52     number    150
  K53     number    0.55
  K54     number    0.45
  K55     number    3.141592653589793
  K56     number    120
  K57     string    "tile1"
  K58     string    "settle"
  K59     string    "tile2"
  K60     string    "intro"
  K61     timing    linear
  K62     color     #a8dadcff
  K63     string    "tile3"
  K64     string    "nothing"
  K65     number    100
  K66     point     (20, 20)
  K67     number    16
  K68     point     (4, 24)

.layer LT0 plain "band"
  frame = K18                 ; (0, 0, 150, 24)
  backgroundColor = K19       ; rgba(0.54, 0.7799999999999999, 0.9, 1)

.layer LT1 plain "badge"
  bounds = K20                ; (0, 0, 28, 28)
  position = K21              ; (130, 66)
  cornerRadius = K22          ; 14
  backgroundColor = K23       ; rgba(0.9, 0.22, 0.27, 1)
  zPosition = K5              ; 1

.layer LT2 plain "card"
  bounds = K10                ; (0, 0, 150, 90)
  position = K11              ; (90, 60)
  backgroundColor = K12       ; #ffffffff
  cornerRadius = K13          ; 12
  borderWidth = K14           ; 3
  borderColor = K15           ; #1d3557ff
  masksToBounds = K16         ; true
  transform = K17             ; [0.9986295347545738 -0.05233595624294383 0 0, 0.05233595624294383 0.9986295347545738 0 0, 0 0 1 0, 0 4 0 1]

.layer LT3 plain "pulse"
  bounds = K24                ; (0, 0, 36, 36)
  position = K25              ; (210, 50)
  cornerRadius = K26          ; 18
  backgroundColor = K23       ; rgba(0.9, 0.22, 0.27, 1)

.layer LT4 plain ""

.layer LT5 plain "dial"
  bounds = K29                ; (0, 0, 40, 40)
  position = K30              ; (220, 160)

.layer LT6 plain "pebble"
  bounds = K32                ; (0, 0, 10, 10)
  position = K33              ; (248, 12)
  cornerRadius = K34          ; 5
  backgroundColor = K15       ; #1d3557ff

.animation AT0 basic transform.rotation.z
  from = K0                   ; 0
  to = K1                     ; 6.283185307179586
  duration = K2               ; 2
  repeatCount = K3            ; inf

.animation AT1 keyframe position.y
  calculationMode = K4        ; .cubic
  duration = K5               ; 1
  autoreverses = K6           ; false

.animation AT2 spring transform.scale
  from = K7                   ; 0.3
  to = K5                     ; 1
  damping = K8                ; 8

.animation AT3 basic opacity
  from = K0                   ; 0
  to = K5                     ; 1

.animation AT4 basic position.x
  by = K9                     ; -40
  additive = K6               ; false

.animation AT5 group bounds
  duration = K5               ; 1

.animation AT6 basic position
  duration = K27              ; 0.5
  timingFunction = K28        ; easeOut

.animation AT7 basic sweep
  to = K1                     ; 6.283185307179586
  duration = K31              ; 4

.behavior BT0 gravity "drop"

.behavior BT1 collision "floor"

.behavior BT2 itemBehavior "bounce"
  elasticity = K27            ; 0.5

.function F0 "main" params 0 registers 10
  0000   19 LOADK         R2, K14             ; 3
  0001    | SETGLOBAL     R2, G3
  0002   20 LOADK         R2, K35             ; "tile "
  0003    | GETGLOBAL     R4, G3
  0004    | ADD           R4, R4, K5          ; 1
  0005    | CALLB         R3, R4, string
  0006    | ADD           R2, R2, R3
  0007    | SETGLOBAL     R2, G4
  0008   52 NEWLAYER      R2, LT2             ; plain "card"
  0009    | SETGLOBAL     R2, G9
  0010    | ROOT          R2
  0011    | GETGLOBAL     R3, G9
  0012    | ADDSUBLAYER   R2, R3
  0013   62 NEWLAYER      R2, LT0             ; plain "band"
  0014    | SETGLOBAL     R2, G10
  0015    | GETGLOBAL     R2, G9
  0016    | GETGLOBAL     R3, G10
  0017    | ADDSUBLAYER   R2, R3
  0018   63 NEWLAYER      R2, LT1             ; plain "badge"
  0019    | SETGLOBAL     R2, G11
  0020    | GETGLOBAL     R2, G9
  0021    | GETGLOBAL     R3, G11
  0022    | ADDSUBLAYER   R2, R3
  0023   69 GETGLOBAL     R2, G11
  0024    | ANIMNEW       R3, AT0             ; basic transform.rotation.z
  0025    | ANIMADD       R2, R3, K36         ; "spin"
  0026   74 NEWLAYER      R2, LT3             ; plain "pulse"
  0027    | SETGLOBAL     R2, G12
  0028    | ROOT          R2
  0029    | GETGLOBAL     R3, G12
  0030    | ADDSUBLAYER   R2, R3
  0031   79 GETGLOBAL     R2, G12
  0032    | NEWARRAY      R3, R4, 0
  0033    | BIND          R2..R3, F3, opacity ; "opacity = …"
  0034   84 LOADK         R2, K0              ; 0
  0035    | LOADK         R3, K34             ; 5
  0036    | FORPREP       R2..R3, R0, +36     ; -> 0073
  0037   85 NEWLAYER      R1, LT4             ; plain ""
  0038    | LOADK         R4, K37             ; "tile"
  0039    | MOVE          R6, R0
  0040    | CALLB         R5, R6, string
  0041    | ADD           R4, R4, R5
  0042    | SETPROP       R1, R4, name
  0043   86 LOADK         R4, K38             ; (0, 0, 32, 32)
  0044    | SETPROP       R1, R4, bounds
  0045    | LOADK         R4, K8              ; 8
  0046    | SETPROP       R1, R4, cornerRadius
  0047    | LOADK         R4, K2              ; 2
  0048    | SETPROP       R1, R4, borderWidth
  0049    | LOADK         R4, K15             ; #1d3557ff
  0050    | SETPROP       R1, R4, borderColor
  0051    | ANIMNEW       R4, AT6             ; basic position
  0052    | SETACTION     R1, R4, K39         ; "position"
  0053   85 ROOT          R4
  0054    | ADDSUBLAYER   R4, R1
  0055   87 MOVE          R5, R0
  0056    | CALL          R4, 1, F2           ; "spot"
  0057    | SETPROP       R1, R4, position
  0058   88 LOADK         R5, K40             ; #2a9d8fff
  0059    | LOADK         R6, K41             ; #e9c46aff
  0060    | LOADK         R7, K42             ; #f4a261ff
  0061    | LOADK         R8, K43             ; #e76f51ff
  0062    | LOADK         R9, K44             ; #264653ff
  0063    | NEWARRAY      R4, R5, 5
  0064    | GETINDEX      R4, R4, R0
  0065    | SETPROP       R1, R4, backgroundColor
  0066   89 LOADK         R4, K45             ; 0.4
  0067    | MOVE          R6, R0
  0068    | CALLB         R5, R6, random
  0069    | MUL           R5, R5, K46         ; 0.6
  0070    | ADD           R4, R4, R5
  0071    | SETPROP       R1, R4, opacity
  0072   84 FORLOOP       R2..R3, R0, -36     ; -> 0037
  0073   94 LOADK         R2, K47             ; "tile0"
  0074    | NAMED         R2, R2
  0075    | LOADK         R3, K48             ; "hop"
  0076    | NEWARRAY      R4, R5, 0
  0077    | ONSTOP        R2..R3, R4, F4      ; "on named(\"tile0\").hop.didStop"
  0078   98 LOADK         R2, K27             ; 0.5
  0079    | NEWARRAY      R3, R4, 0
  0080    | SCHEDULE      R2, R3, F5          ; "at 0.5s"
  0081  104 LOADK         R2, K5              ; 1
  0082    | NEWARRAY      R3, R4, 0
  0083    | SCHEDULE      R2, R3, F6          ; "at 1s"
  0084  114 LOADK         R2, K2              ; 2
  0085    | LOADK         R3, K5              ; 1
  0086    | LOADK         R4, K14             ; 3
  0087    | NEWARRAY      R5, R6, 0
  0088    | EVERY         R2..R4, R5, F7      ; "every 1s"
  0089  119 LOADK         R2, K14             ; 3
  0090    | NEWARRAY      R3, R4, 0
  0091    | SCHEDULE      R2, R3, F8          ; "after 3s"
  0092  125 NEWARRAY      R2, R3, 0
  0093    | ONFRAME       R2, F9              ; "every frame"
  0094  132 NEWLAYER      R2, LT5             ; plain "dial"
  0095    | SETGLOBAL     R2, G14
  0096    | ROOT          R2
  0097    | GETGLOBAL     R3, G14
  0098    | ADDSUBLAYER   R2, R3
  0099  135 GETGLOBAL     R2, G14
  0100    | NEWARRAY      R3, R4, 0
  0101    | SETDRAW       R2..R3, F10         ; "draw dial"
  0102  139 GETGLOBAL     R2, G14
  0103    | ANIMNEW       R3, AT7             ; basic sweep
  0104    | ANIMADD       R2, R3, K49         ; "turn"
  0105  143 NEWLAYER      R2, LT6             ; plain "pebble"
  0106    | SETGLOBAL     R2, G15
  0107    | ROOT          R2
  0108    | GETGLOBAL     R3, G15
  0109    | ADDSUBLAYER   R2, R3
  0110  145 GETGLOBAL     R3, G15
  0111    | NEWARRAY      R2, R3, 1
  0112    | DYNSET        R2, items, BT0      ; gravity "drop"
  0113    | LOADBOOL      R2, 0
  0114    | DYNSET        R2, active, BT0     ; gravity "drop"
  0115  146 GETGLOBAL     R3, G15
  0116    | NEWARRAY      R2, R3, 1
  0117    | DYNSET        R2, items, BT1      ; collision "floor"
  0118    | ROOT          R2
  0119    | GETPROP       R2, R2, bounds
  0120    | DYNSET        R2, boundary, BT1   ; collision "floor"
  0121    | LOADBOOL      R2, 1
  0122    | DYNSET        R2, active, BT1     ; collision "floor"
  0123  147 GETGLOBAL     R3, G15
  0124    | NEWARRAY      R2, R3, 1
  0125    | DYNSET        R2, items, BT2      ; itemBehavior "bounce"
  0126    | LOADBOOL      R2, 1
  0127    | DYNSET        R2, active, BT2     ; itemBehavior "bounce"
  0128  149 LOADK         R2, K2              ; 2
  0129    | NEWARRAY      R3, R4, 0
  0130    | SCHEDULE      R2, R3, F11         ; "at 2s"
  0131    | RET

.function F1 "fact" params 1 registers 4
  0000   24 LE            R1, R0, K5          ; 1
  0001    | JMPIFNOT      R1, +2              ; -> 0004
  0002    | LOADK         R1, K5              ; 1
  0003    | RETV          R1
  0004   25 SUB           R3, R0, K5          ; 1
  0005    | CALL          R2, 1, F1           ; "fact"
  0006    | MUL           R1, R0, R2
  0007    | RETV          R1

.function F2 "spot" params 1 registers 3
  0000   28 LOADK         R1, K50             ; 40
  0001    | MUL           R2, R0, K51         ; 44
  0002    | ADD           R1, R1, R2
  0003    | LOADK         R2, K52             ; 150
  0004    | MKPOINT       R1, R1, R2
  0005    | RETV          R1

.function F3 "opacity = …" params 0 registers 4
  0000   79 LOADK         R0, K53             ; 0.55
  0001    | LOADK         R1, K54             ; 0.45
  0002    | NOW           R3
  0003    | DIV           R3, R3, K5          ; 1
  0004    | MUL           R3, R3, K55         ; 3.141592653589793
  0005    | CALLB         R2, R3, cos
  0006    | MUL           R1, R1, R2
  0007    | ADD           R0, R0, R1
  0008    | RETV          R0

.function F4 "on named(\"tile0\").hop.didStop" params 1 registers 3
  0000   95 JMPIFNOT      R0, +4              ; -> 0005
  0001    | LOADK         R1, K47             ; "tile0"
  0002    | NAMED         R1, R1
  0003    | LOADK         R2, K23             ; rgba(0.9, 0.22, 0.27, 1)
  0004    | SETPROP       R1, R2, backgroundColor
  0005   96 RET

.function F5 "at 0.5s" params 0 registers 6
  0000   99 LOADK         R0, K47             ; "tile0"
  0001    | NAMED         R0, R0
  0002    | ANIMNEW       R1, AT1             ; keyframe position.y
  0003    | LOADK         R3, K52             ; 150
  0004    | LOADK         R4, K56             ; 120
  0005    | LOADK         R5, K52             ; 150
  0006    | NEWARRAY      R2, R3, 3
  0007    | ANIMSET       R1, R2, values
  0008    | ANIMADD       R0, R1, K48         ; "hop"
  0009  100 LOADK         R0, K57             ; "tile1"
  0010    | NAMED         R0, R0
  0011    | ANIMNEW       R1, AT2             ; spring transform.scale
  0012    | ANIMADD       R0, R1, K58         ; "settle"
  0013  101 LOADK         R0, K59             ; "tile2"
  0014    | NAMED         R0, R0
  0015    | ANIMNEW       R1, AT5             ; group bounds
  0016    | ANIMNEW       R3, AT3             ; basic opacity
  0017    | ANIMNEW       R4, AT4             ; basic position.x
  0018    | NEWARRAY      R2, R3, 2
  0019    | ANIMSET       R1, R2, animations
  0020    | ANIMADD       R0, R1, K60         ; "intro"
  0021  102 RET

.function F6 "at 1s" params 0 registers 2
  0000  105 GETGLOBAL     R0, G9
  0001    | LOADK         R1, K56             ; 120
  0002    | SETPROP       R0, R1, position.x
  0003  106 TXBEGIN
  0004    | LOADK         R0, K5              ; 1
  0005    | TXSET         R0, animationDuration
  0006    | LOADK         R0, K61             ; linear
  0007    | TXSET         R0, animationTimingFunction
  0008    | NEWARRAY      R0, R1, 0
  0009    | TXCOMPLETION  R0, F12             ; "transaction completion"
  0010  107 GETGLOBAL     R0, G12
  0011    | LOADK         R1, K52             ; 150
  0012    | SETPROP       R0, R1, position.y
  0013  108 TXBEGIN
  0014    | LOADBOOL      R0, 1
  0015    | TXSET         R0, disableActions
  0016    | GETGLOBAL     R0, G10
  0017    | LOADK         R1, K62             ; #a8dadcff
  0018    | SETPROP       R0, R1, backgroundColor
  0019    | TXCOMMIT
  0020  111 TXCOMMIT
  0021  112 RET

.function F7 "every 1s" params 0 registers 3
  0000  115 GETGLOBAL     R0, G3
  0001    | ADD           R0, R0, K5          ; 1
  0002    | SETGLOBAL     R0, G3
  0003  116 LOADK         R0, K63             ; "tile3"
  0004    | NAMED         R0, R0
  0005    | LOADK         R1, K52             ; 150
  0006    | GETGLOBAL     R2, G3
  0007    | MUL           R2, R2, K31         ; 4
  0008    | SUB           R1, R1, R2
  0009    | SETPROP       R0, R1, position.y
  0010  117 RET

.function F8 "after 3s" params 0 registers 3
  0000  120 GETGLOBAL     R0, G9
  0001    | ANIMREMOVE    R0, K64             ; "nothing"
  0002  121 GETGLOBAL     R0, G9
  0003    | GETGLOBAL     R1, G11
  0004    | LOADK         R2, K0              ; 0
  0005    | INSERTAT      R0, R1, R2
  0006  122 GETGLOBAL     R0, G11
  0007    | ANIMREMOVEALL R0
  0008  123 RET

.function F9 "every frame" params 0 registers 3
  0000  126 LOADK         R0, K65             ; 100
  0001    | GETGLOBAL     R1, G9
  0002    | GETPRES       R1, R1, position.x
  0003    | LT            R0, R0, R1
  0004    | JMPIFNOT      R0, +4              ; -> 0009
  0005    | GETGLOBAL     R0, G12
  0006    | LOADK         R2, K14             ; 3
  0007    | CALL          R1, 1, F1           ; "fact"
  0008    | SETPROP       R0, R1, zPosition
  0009  127 RET

.function F10 "draw dial" params 1 registers 9
  0000  136 LOADK         R4, K66             ; (20, 20)
  0001    | LOADK         R5, K67             ; 16
  0002    | LOADK         R6, K0              ; 0
  0003    | GETPRES       R7, R0, sweep
  0004    | LOADBOOL      R8, 0
  0005    | CALLB         R1, R4, arc
  0006    | LOADK         R2, K15             ; #1d3557ff
  0007    | LOADK         R3, K14             ; 3
  0008    | DRAWSTROKE    R1..R3
  0009  137 GETGLOBAL     R1, G4
  0010    | LOADK         R2, K68             ; (4, 24)
  0011    | LOADK         R3, K8              ; 8
  0012    | LOADK         R4, K15             ; #1d3557ff
  0013    | DRAWTEXT      R1..R4
  0014  138 RET

.function F11 "at 2s" params 0 registers 1
  0000  149 LOADBOOL      R0, 1
  0001    | DYNSET        R0, active, BT0     ; gravity "drop"
  0002    | RET

.function F12 "transaction completion" params 0 registers 2
  0000  110 GETGLOBAL     R0, G12
  0001    | LOADK         R1, K31             ; 4
  0002    | SETPROP       R0, R1, borderWidth
  0003  111 RET
