; calc bytecode, format 2
; source: Samples/seeds/x01_frame_anchor.cal
.scene size 200x200 scale 1 fps 30 duration 1 background #ffffffff origin topLeft
.globals 3

.constants
  K0      point     (0.5, 0.5)
  K1      point     (100, 100)
  K2      rect      (0, 0, 120, 80)
  K3      point     (0, 0)
  K4      rect      (40, 60, 120, 80)
  K5      transform [6.12323399538461e-17 1 0 0, -1 6.12323399538461e-17 0 0, 0 0 1 0, 0 0 0 1]

.layer LT0 plain "centred"
  anchorPoint = K0            ; (0.5, 0.5)
  position = K1               ; (100, 100)
  bounds = K2                 ; (0, 0, 120, 80)

.layer LT1 plain "corner"
  anchorPoint = K3            ; (0, 0)
  frame = K4                  ; (40, 60, 120, 80)

.layer LT2 plain "turned"
  position = K1               ; (100, 100)
  bounds = K2                 ; (0, 0, 120, 80)
  transform = K5              ; [6.12323399538461e-17 1 0 0, -1 6.12323399538461e-17 0 0, 0 0 1 0, 0 0 0 1]

.function F0 "main" params 0 registers 2
  0000   11 NEWLAYER      R0, LT0             ; plain "centred"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   12 NEWLAYER      R0, LT1             ; plain "corner"
  0006    | SETGLOBAL     R0, G1
  0007    | ROOT          R0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   13 NEWLAYER      R0, LT2             ; plain "turned"
  0011    | SETGLOBAL     R0, G2
  0012    | ROOT          R0
  0013    | GETGLOBAL     R1, G2
  0014    | ADDSUBLAYER   R0, R1
  0015    | RET
