; calc bytecode, format 2
; source: Samples/seeds/x04_explicit_opacity.cal
.scene size 100x100 scale 1 fps 30 duration 13 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 50, 50)
  K1      point     (50, 50)
  K2      number    1
  K3      number    0
  K4      number    3
  K5      number    2
  K6      bool      true
  K7      string    "animateOpacity"

.layer LT0 plain "theLayer"
  bounds = K0                 ; (0, 0, 50, 50)
  position = K1               ; (50, 50)

.animation AT0 basic opacity
  from = K2                   ; 1
  to = K3                     ; 0
  duration = K4               ; 3
  repeatCount = K5            ; 2
  autoreverses = K6           ; true

.function F0 "main" params 0 registers 2
  0000   12 NEWLAYER      R0, LT0             ; plain "theLayer"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   15 GETGLOBAL     R0, G0
  0006    | ANIMNEW       R1, AT0             ; basic opacity
  0007    | ANIMADD       R0, R1, K7          ; "animateOpacity"
  0008   17 RET
