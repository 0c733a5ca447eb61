; calc bytecode, format 2
; source: Samples/seeds/x14_constraint_layout.cal
.scene size 400x300 scale 1 fps 30 duration 1 background #ffffffff origin bottomLeft
.globals 3

.constants
  K0      rect      (0, 0, 400, 300)
  K1      rect      (0, 0, 100, 25)
  K2      number    2
  K3      string    "superlayer"
  K4      number    1
  K5      number    0
  K6      string    "layerA"
  K7      number    -10
  K8      number    10

.layer LT0 plain "layerA"
  bounds = K1                 ; (0, 0, 100, 25)
  borderWidth = K2            ; 2

.layer LT1 plain "layerB"
  borderWidth = K2            ; 2

.layer LT2 plain "theLayer"
  frame = K0                  ; (0, 0, 400, 300)

.function F0 "main" params 0 registers 4
  0000    8 NEWLAYER      R0, LT2             ; plain "theLayer"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   10 NEWLAYER      R0, LT0             ; plain "layerA"
  0006    | SETGLOBAL     R0, G1
  0007    | GETGLOBAL     R0, G0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   12 GETGLOBAL     R0, G1
  0011    | LOADK         R1, K3              ; "superlayer"
  0012    | LOADK         R2, K4              ; 1
  0013    | LOADK         R3, K5              ; 0
  0014    | CONSTRAIN     R0, R1..R3, midY=midY
  0015    | GETGLOBAL     R0, G1
  0016    | LOADK         R1, K3              ; "superlayer"
  0017    | LOADK         R2, K4              ; 1
  0018    | LOADK         R3, K5              ; 0
  0019    | CONSTRAIN     R0, R1..R3, midX=midX
  0020   14 NEWLAYER      R0, LT1             ; plain "layerB"
  0021    | SETGLOBAL     R0, G2
  0022    | GETGLOBAL     R0, G0
  0023    | GETGLOBAL     R1, G2
  0024    | ADDSUBLAYER   R0, R1
  0025   17 GETGLOBAL     R0, G2
  0026    | LOADK         R1, K6              ; "layerA"
  0027    | LOADK         R2, K4              ; 1
  0028    | LOADK         R3, K5              ; 0
  0029    | CONSTRAIN     R0, R1..R3, width=width
  0030    | GETGLOBAL     R0, G2
  0031    | LOADK         R1, K6              ; "layerA"
  0032    | LOADK         R2, K4              ; 1
  0033    | LOADK         R3, K5              ; 0
  0034    | CONSTRAIN     R0, R1..R3, midX=midX
  0035   18 GETGLOBAL     R0, G2
  0036    | LOADK         R1, K6              ; "layerA"
  0037    | LOADK         R2, K4              ; 1
  0038    | LOADK         R3, K7              ; -10
  0039    | CONSTRAIN     R0, R1..R3, maxY=minY
  0040    | GETGLOBAL     R0, G2
  0041    | LOADK         R1, K3              ; "superlayer"
  0042    | LOADK         R2, K4              ; 1
  0043    | LOADK         R3, K8              ; 10
  0044    | CONSTRAIN     R0, R1..R3, minY=minY
  0045   21 RET
