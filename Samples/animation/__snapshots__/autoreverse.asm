; calc bytecode, format 2
; source: Samples/animation/autoreverse.cal
.scene size 120x40 scale 1 fps 10 duration 4.2 background #000000ff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 10, 10)
  K1      point     (110, 20)
  K2      color     #00ff00ff
  K3      number    0
  K4      number    100
  K5      number    1
  K6      bool      true
  K7      number    2
  K8      string    "bounce"

.layer LT0 plain "box"
  bounds = K0                 ; (0, 0, 10, 10)
  position = K1               ; (110, 20)
  backgroundColor = K2        ; #00ff00ff

.animation AT0 basic position.x
  from = K3                   ; 0
  to = K4                     ; 100
  duration = K5               ; 1
  autoreverses = K6           ; true
  repeatCount = K7            ; 2

.function F0 "main" params 0 registers 2
  0000   12 NEWLAYER      R0, LT0             ; plain "box"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   17 GETGLOBAL     R0, G0
  0006    | ANIMNEW       R1, AT0             ; basic position.x
  0007    | ANIMADD       R0, R1, K8          ; "bounce"
  0008   26 RET
