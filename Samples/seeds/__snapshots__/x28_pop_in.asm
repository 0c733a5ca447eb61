; calc bytecode, format 2
; source: Samples/seeds/x28_pop_in.cal
.scene size 100x100 scale 1 fps 30 duration 2 background #ffffffff origin topLeft

.constants
  K0      rect      (0, 0, 40, 40)
  K1      point     (50, 50)
  K2      number    0.2
  K3      number    0
  K4      number    1
  K5      transform [1.1 0 0 0, 0 1.1 0 0, 0 0 1 0, 0 0 0 1]
  K6      bool      true
  K7      number    0.1
  K8      string    "onOrderIn"

.layer LT0 plain "pop"
  bounds = K0                 ; (0, 0, 40, 40)
  position = K1               ; (50, 50)

.animation AT0 basic opacity
  from = K3                   ; 0
  to = K4                     ; 1

.animation AT1 basic transform
  to = K5                     ; [1.1 0 0 0, 0 1.1 0 0, 0 0 1 0, 0 0 0 1]
  autoreverses = K6           ; true
  duration = K7               ; 0.1

.animation AT2 group bounds
  duration = K2               ; 0.2

.function F0 "main" params 0 registers 3
  0000   11 LOADK         R0, K4              ; 1
  0001    | NEWARRAY      R1, R2, 0
  0002    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0003   24 RET

.function F1 "at 1s" params 0 registers 5
  0000   12 NEWLAYER      R0, LT0             ; plain "pop"
  0001   14 ANIMNEW       R1, AT2             ; group bounds
  0002    | ANIMNEW       R3, AT0             ; basic opacity
  0003    | ANIMNEW       R4, AT1             ; basic transform
  0004    | NEWARRAY      R2, R3, 2
  0005    | ANIMSET       R1, R2, animations
  0006    | SETACTION     R0, R1, K8          ; "onOrderIn"
  0007   12 ROOT          R1
  0008    | ADDSUBLAYER   R1, R0
  0009   24 RET
