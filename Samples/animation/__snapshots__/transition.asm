; calc bytecode, format 2
; source: Samples/animation/transition.cal
.scene size 200x100 scale 1 fps 10 duration 2 background #ffffffff origin topLeft
.globals 2

.constants
  K0      rect      (20, 20, 60, 60)
  K1      color     #e63946ff
  K2      number    8
  K3      rect      (120, 20, 60, 60)
  K4      color     #2a9d8fff
  K5      enum      case 2
  K6      enum      case 0
  K7      number    0.5
  K8      enum      case 4
  K9      enum      case 1
  K10     timing    easeInEaseOut
  K11     number    1
  K12     color     #457b9dff
  K13     string    "transition"
  K14     number    30

.layer LT0 plain "card"
  frame = K0                  ; (20, 20, 60, 60)
  backgroundColor = K1        ; #e63946ff
  cornerRadius = K2           ; 8

.layer LT1 plain "tile"
  frame = K3                  ; (120, 20, 60, 60)
  backgroundColor = K4        ; #2a9d8fff

.animation AT0 transition bounds
  type = K5                   ; .push
  subtype = K6                ; .fromRight
  duration = K7               ; 0.5

.animation AT1 transition bounds
  type = K8                   ; .flip
  subtype = K9                ; .fromLeft
  timingFunction = K10        ; easeInEaseOut
  duration = K7               ; 0.5

.function F0 "main" params 0 registers 3
  0000    9 NEWLAYER      R0, LT0             ; plain "card"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   10 NEWLAYER      R0, LT1             ; plain "tile"
  0006    | SETGLOBAL     R0, G1
  0007    | ROOT          R0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   12 LOADK         R0, K11             ; 1
  0011    | NEWARRAY      R1, R2, 0
  0012    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0013   16 RET

.function F1 "at 1s" params 0 registers 2
  0000   13 TXBEGIN
  0001    | LOADBOOL      R0, 1
  0002    | TXSET         R0, disableActions
  0003    | GETGLOBAL     R0, G0
  0004    | LOADK         R1, K12             ; #457b9dff
  0005    | SETPROP       R0, R1, backgroundColor
  0006    | TXCOMMIT
  0007   14 GETGLOBAL     R0, G0
  0008    | ANIMNEW       R1, AT0             ; transition bounds
  0009    | ANIMADD       R0, R1, K13         ; "transition"
  0010   15 TXBEGIN
  0011    | TXBEGIN
  0012    | LOADBOOL      R0, 1
  0013    | TXSET         R0, disableActions
  0014    | GETGLOBAL     R0, G1
  0015    | LOADK         R1, K14             ; 30
  0016    | SETPROP       R0, R1, cornerRadius
  0017    | TXCOMMIT
  0018    | GETGLOBAL     R0, G1
  0019    | ANIMNEW       R1, AT1             ; transition bounds
  0020    | ANIMADD       R0, R1, K13         ; "transition"
  0021    | TXCOMMIT
  0022   16 RET
