; calc bytecode, format 2
; source: Samples/seeds/x17_arrow_waggle.cal
.scene size 100x100 scale 1 fps 30 duration 0.5 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 60, 8)
  K1      point     (50, 50)
  K2      enum      case 2
  K3      bool      true
  K4      number    0.07853981633974483
  K5      number    -0.07853981633974483
  K6      number    0.05
  K7      number    3
  K8      string    "waggle"

.layer LT0 plain "arrow"
  bounds = K0                 ; (0, 0, 60, 8)
  position = K1               ; (50, 50)

.animation AT0 basic transform
  valueFunction = K2          ; .rotateZ
  additive = K3               ; true
  from = K4                   ; 0.07853981633974483
  to = K5                     ; -0.07853981633974483
  duration = K6               ; 0.05
  repeatCount = K7            ; 3
  autoreverses = K3           ; true

.function F0 "main" params 0 registers 2
  0000   12 NEWLAYER      R0, LT0             ; plain "arrow"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   15 GETGLOBAL     R0, G0
  0006    | ANIMNEW       R1, AT0             ; basic transform
  0007    | ANIMADD       R0, R1, K8          ; "waggle"
  0008   20 RET
