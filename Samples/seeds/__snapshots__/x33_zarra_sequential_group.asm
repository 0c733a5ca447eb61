; calc bytecode, format 2
; source: Samples/seeds/x33_zarra_sequential_group.cal
.scene size 400x300 scale 1 fps 30 duration 16 background #ffffffff origin bottomLeft
.globals 1

.constants
  K0      rect      (0, 0, 100, 100)
  K1      point     (200, 150)
  K2      number    5
  K3      number    15
  K4      rect      (0, 0, 300, 300)
  K5      point     (0, 0)
  K6      number    30
  K7      number    10
  K8      string    "sequence"

.layer LT0 plain "layer1"
  bounds = K0                 ; (0, 0, 100, 100)
  position = K1               ; (200, 150)
  borderWidth = K2            ; 5

.animation AT0 basic bounds
  from = K0                   ; (0, 0, 100, 100)
  to = K4                     ; (0, 0, 300, 300)
  duration = K3               ; 15

.animation AT1 basic position
  from = K1                   ; (200, 150)
  to = K5                     ; (0, 0)
  duration = K3               ; 15
  beginTime = K2              ; 5

.animation AT2 basic borderWidth
  from = K2                   ; 5
  to = K6                     ; 30
  duration = K3               ; 15
  beginTime = K7              ; 10

.animation AT3 group bounds
  duration = K3               ; 15

.function F0 "main" params 0 registers 6
  0000   13 NEWLAYER      R0, LT0             ; plain "layer1"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   16 GETGLOBAL     R0, G0
  0006    | ANIMNEW       R1, AT3             ; group bounds
  0007    | ANIMNEW       R3, AT0             ; basic bounds
  0008    | ANIMNEW       R4, AT1             ; basic position
  0009    | ANIMNEW       R5, AT2             ; basic borderWidth
  0010    | NEWARRAY      R2, R3, 3
  0011    | ANIMSET       R1, R2, animations
  0012    | ANIMADD       R0, R1, K8          ; "sequence"
  0013   25 RET
