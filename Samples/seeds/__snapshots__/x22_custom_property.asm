; calc bytecode, format 2
; source: Samples/seeds/x22_custom_property.cal
.scene size 120x120 scale 1 fps 30 duration 1 background #ffffffff origin topLeft
.globals 1
.property "thickness" id 32768 number = 0

.constants
  K0      rect      (0, 0, 100, 100)
  K1      point     (60, 60)
  K2      number    2
  K3      number    10
  K4      bool      true
  K5      string    "thicken"
  K6      path      path(move 20, 20; line 80, 20; line 80, 80; line 20, 80; close)
  K7      color     #ff0000ff
  K8      enum      case 0
  K9      color     #000000ff

.layer LT0 plain "v"
  bounds = K0                 ; (0, 0, 100, 100)
  position = K1               ; (60, 60)
  thickness = K2              ; 2

.animation AT0 basic thickness
  to = K3                     ; 10
  autoreverses = K4           ; true

.function F0 "main" params 0 registers 3
  0000   11 NEWLAYER      R0, LT0             ; plain "v"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   13 GETGLOBAL     R0, G0
  0006    | NEWARRAY      R1, R2, 0
  0007    | SETDRAW       R0..R1, F1          ; "draw v"
  0008   17 GETGLOBAL     R0, G0
  0009    | ANIMNEW       R1, AT0             ; basic thickness
  0010    | ANIMADD       R0, R1, K5          ; "thicken"
  0011   18 RET

.function F1 "draw v" params 1 registers 4
  0000   14 LOADK         R1, K6              ; path(move 20, 20; line 80, 20; line 80, 80; line 20, 80; close)
  0001    | LOADK         R2, K7              ; #ff0000ff
  0002    | LOADK         R3, K8              ; case 0
  0003    | DRAWFILL      R1..R3
  0004   15 LOADK         R1, K6              ; path(move 20, 20; line 80, 20; line 80, 80; line 20, 80; close)
  0005    | LOADK         R2, K9              ; #000000ff
  0006    | GETPRES       R3, R0, thickness
  0007    | DRAWSTROKE    R1..R3
  0008   16 RET
