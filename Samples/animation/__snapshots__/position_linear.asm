; calc bytecode, format 2
; source: Samples/animation/position_linear.cal
.scene size 120x100 scale 1 fps 10 duration 1.1 background #000000ff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 10, 10)
  K1      point     (0, 50)
  K2      color     #ff0000ff
  K3      point     (100, 50)
  K4      number    1
  K5      string    "move"

.layer LT0 plain "box"
  bounds = K0                 ; (0, 0, 10, 10)
  position = K1               ; (0, 50)
  backgroundColor = K2        ; #ff0000ff

.animation AT0 basic position
  from = K1                   ; (0, 50)
  to = K3                     ; (100, 50)
  duration = K4               ; 1

.function F0 "main" params 0 registers 2
  0000   12 NEWLAYER      R0, LT0             ; plain "box"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   17 GETGLOBAL     R0, G0
  0006    | ANIMNEW       R1, AT0             ; basic position
  0007    | ANIMADD       R0, R1, K5          ; "move"
  0008   24 RET
