; calc bytecode, format 2
; source: Samples/kinds/spinner.cal
.scene size 96x96 scale 1 fps 30 duration 2 background #1d3557ff origin topLeft
.globals 2

.constants
  K0      rect      (0, 0, 96, 96)
  K1      point     (48, 48)
  K2      number    12
  K3      transform [0.8660254037844387 0.49999999999999994 0 0, -0.49999999999999994 0.8660254037844387 0 0, 0 0 1 0, 0 0 0 1]
  K4      number    0.08333333333333333
  K5      number    -0.02
  K6      number    -0.04
  K7      rect      (0, 0, 8, 24)
  K8      point     (48, 18)
  K9      number    4
  K10     color     #f1faeeff
  K11     number    1
  K12     number    0.15
  K13     number    inf
  K14     enum      case 2
  K15     string    "fade"

.layer LT0 plain "bar"
  bounds = K7                 ; (0, 0, 8, 24)
  position = K8               ; (48, 18)
  cornerRadius = K9           ; 4
  backgroundColor = K10       ; #f1faeeff

.layer LT1 replicator "spinner"
  bounds = K0                 ; (0, 0, 96, 96)
  position = K1               ; (48, 48)
  instanceCount = K2          ; 12
  instanceTransform = K3      ; [0.8660254037844387 0.49999999999999994 0 0, -0.49999999999999994 0.8660254037844387 0 0, 0 0 1 0, 0 0 0 1]
  instanceDelay = K4          ; 0.08333333333333333
  instanceGreenOffset = K5    ; -0.02
  instanceBlueOffset = K6     ; -0.04

.animation AT0 basic opacity
  from = K11                  ; 1
  to = K12                    ; 0.15
  duration = K11              ; 1
  repeatCount = K13           ; inf
  fillMode = K14              ; .backwards

.function F0 "main" params 0 registers 2
  0000   11 NEWLAYER      R0, LT1             ; replicator "spinner"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   19 NEWLAYER      R0, LT0             ; plain "bar"
  0006    | SETGLOBAL     R0, G1
  0007    | GETGLOBAL     R0, G0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   25 GETGLOBAL     R0, G1
  0011    | ANIMNEW       R1, AT0             ; basic opacity
  0012    | ANIMADD       R0, R1, K15         ; "fade"
  0013   28 RET
