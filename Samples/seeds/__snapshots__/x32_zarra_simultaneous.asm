; calc bytecode, format 2
; source: Samples/seeds/x32_zarra_simultaneous.cal
.scene size 400x300 scale 1 fps 30 duration 6 background #ffffffff origin bottomLeft
.globals 1

.constants
  K0      rect      (0, 0, 100, 100)
  K1      point     (200, 150)
  K2      number    5
  K3      rect      (0, 0, 300, 300)
  K4      point     (0, 0)
  K5      number    30
  K6      string    "bounds"
  K7      string    "position"
  K8      string    "borderWidth"

.layer LT0 plain "layer1"
  bounds = K0                 ; (0, 0, 100, 100)
  position = K1               ; (200, 150)
  borderWidth = K2            ; 5

.animation AT0 basic bounds
  from = K0                   ; (0, 0, 100, 100)
  to = K3                     ; (0, 0, 300, 300)
  duration = K2               ; 5

.animation AT1 basic position
  from = K1                   ; (200, 150)
  to = K4                     ; (0, 0)
  duration = K2               ; 5

.animation AT2 basic borderWidth
  from = K2                   ; 5
  to = K5                     ; 30
  duration = K2               ; 5

.function F0 "main" params 0 registers 2
  0000   12 NEWLAYER      R0, LT0             ; plain "layer1"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   15 GETGLOBAL     R0, G0
  0006    | ANIMNEW       R1, AT0             ; basic bounds
  0007    | ANIMADD       R0, R1, K6          ; "bounds"
  0008   16 GETGLOBAL     R0, G0
  0009    | ANIMNEW       R1, AT1             ; basic position
  0010    | ANIMADD       R0, R1, K7          ; "position"
  0011   17 GETGLOBAL     R0, G0
  0012    | ANIMNEW       R1, AT2             ; basic borderWidth
  0013    | ANIMADD       R0, R1, K8          ; "borderWidth"
  0014   19 RET
