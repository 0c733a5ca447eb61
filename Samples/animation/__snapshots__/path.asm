; calc bytecode, format 2
; source: Samples/animation/path.cal
.scene size 240x160 scale 1 fps 10 duration 3 background #ffffffff origin topLeft
.globals 4

.constants
  K0      rect      (0, 0, 240, 160)
  K1      path      path(move 30, 120; quad 120, -20, 210, 120; line 210, 150)
  K2      color     #ccccccff
  K3      color     #00000000
  K4      rect      (0, 0, 24, 12)
  K5      point     (30, 120)
  K6      color     #e63946ff
  K7      rect      (18, 2, 6, 8)
  K8      color     #1d3557ff
  K9      enum      case 2
  K10     enum      case 0
  K11     number    3
  K12     string    "ride"

.layer LT0 shape "rail"
  frame = K0                  ; (0, 0, 240, 160)
  path = K1                   ; path(move 30, 120; quad 120, -20, 210, 120; line 210, 150)
  strokeColor = K2            ; #ccccccff
  fillColor = K3              ; #00000000

.layer LT1 plain "tip"
  frame = K7                  ; (18, 2, 6, 8)
  backgroundColor = K8        ; #1d3557ff

.layer LT2 plain "arrow"
  bounds = K4                 ; (0, 0, 24, 12)
  position = K5               ; (30, 120)
  backgroundColor = K6        ; #e63946ff

.animation AT0 keyframe position
  path = K1                   ; path(move 30, 120; quad 120, -20, 210, 120; line 210, 150)
  calculationMode = K9        ; .paced
  rotationMode = K10          ; .auto
  duration = K11              ; 3

.function F0 "main" params 0 registers 2
  0000    9 NEWLAYER      R0, LT0             ; shape "rail"
  0001    | SETGLOBAL     R0, G1
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G1
  0004    | ADDSUBLAYER   R0, R1
  0005   16 NEWLAYER      R0, LT2             ; plain "arrow"
  0006    | SETGLOBAL     R0, G2
  0007    | ROOT          R0
  0008    | GETGLOBAL     R1, G2
  0009    | ADDSUBLAYER   R0, R1
  0010   20 NEWLAYER      R0, LT1             ; plain "tip"
  0011    | SETGLOBAL     R0, G3
  0012    | GETGLOBAL     R0, G2
  0013    | GETGLOBAL     R1, G3
  0014    | ADDSUBLAYER   R0, R1
  0015   22 GETGLOBAL     R0, G2
  0016    | ANIMNEW       R1, AT0             ; keyframe position
  0017    | ANIMADD       R0, R1, K12         ; "ride"
  0018   24 RET
