; calc bytecode, format 2
; source: Samples/seeds/x23_frame_animation.cal
.scene size 240x100 scale 1 fps 30 duration 2 background #ffffffff origin topLeft
.globals 2

.constants
  K0      rect      (0, 0, 240, 100)
  K1      rect      (20, 20, 100, 60)
  K2      number    1
  K3      number    0.5
  K4      string    ""

.layer LT0 plain "inner"
  frame = K1                  ; (20, 20, 100, 60)

.layer LT1 plain "outer"
  frame = K0                  ; (0, 0, 240, 100)

.animation AT0 basic bounds

.animation AT1 basic position

.function F0 "main" params 0 registers 3
  0000   13 NEWLAYER      R0, LT1             ; plain "outer"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   15 NEWLAYER      R0, LT0             ; plain "inner"
  0006    | SETGLOBAL     R0, G1
  0007    | GETGLOBAL     R0, G0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   17 LOADK         R0, K2              ; 1
  0011    | NEWARRAY      R1, R2, 0
  0012    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0013   24 RET

.function F1 "at 1s" params 0 registers 3
  0000   18 TXBEGIN
  0001    | LOADBOOL      R0, 1
  0002    | TXSET         R0, disableActions
  0003   19 GETGLOBAL     R0, G1
  0004    | GETGLOBAL     R1, G0
  0005    | GETPROP       R1, R1, bounds.size.width
  0006    | SETPROP       R0, R1, bounds.size.width
  0007   20 GETGLOBAL     R0, G1
  0008    | GETGLOBAL     R1, G0
  0009    | GETPROP       R1, R1, bounds
  0010    | FIELD         R1, R1, .origin.x
  0011    | GETGLOBAL     R2, G0
  0012    | GETPROP       R2, R2, bounds
  0013    | FIELD         R2, R2, .size.width
  0014    | MUL           R2, R2, K3          ; 0.5
  0015    | ADD           R1, R1, R2
  0016    | SETPROP       R0, R1, position.x
  0017   21 TXCOMMIT
  0018   22 GETGLOBAL     R0, G1
  0019    | ANIMNEW       R1, AT0             ; basic bounds
  0020    | ANIMADD       R0, R1, K4          ; ""
  0021   23 GETGLOBAL     R0, G1
  0022    | ANIMNEW       R1, AT1             ; basic position
  0023    | ANIMADD       R0, R1, K4          ; ""
  0024   24 RET
