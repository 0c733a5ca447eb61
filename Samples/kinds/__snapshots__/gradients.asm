; calc bytecode, format 2
; source: Samples/kinds/gradients.cal
.scene size 240x136 scale 1 fps 10 duration 1 background #f1faeeff origin topLeft
.globals 9

.constants
  K0      rect      (8, 8, 64, 56)
  K1      rect      (88, 8, 64, 56)
  K2      enum      case 1
  K3      rect      (168, 8, 64, 56)
  K4      enum      case 2
  K5      rect      (8, 72, 64, 56)
  K6      color     #1d3557ff
  K7      rect      (0, 12, 64, 10)
  K8      color     #e9c46aff
  K9      rect      (0, 34, 64, 10)
  K10     rect      (0, 0, 64, 56)
  K11     rect      (88, 72, 64, 56)
  K12     rect      (168, 72, 64, 56)
  K13     color     #e63946ff
  K14     color     #f4a261ff
  K15     color     #2a9d8fff
  K16     point     (0, 0)
  K17     point     (1, 1)
  K18     number    10
  K19     color     #f1faeeff
  K20     color     #457b9dff
  K21     point     (0.5, 0.5)
  K22     point     (1, 0.5)
  K23     color     #e6394600
  K24     point     (0, 0.5)
  K25     number    0
  K26     number    0.5
  K27     number    1
  K28     point     (1, 0)
  K29     color     #808080ff
  K30     color     #8c8c8cff

.layer LT0 gradient "axial"
  frame = K0                  ; (8, 8, 64, 56)

.layer LT1 gradient "radial"
  frame = K1                  ; (88, 8, 64, 56)
  type = K2                   ; case 1

.layer LT2 gradient "conic"
  frame = K3                  ; (168, 8, 64, 56)
  type = K4                   ; case 2

.layer LT3 plain "s1"
  frame = K7                  ; (0, 12, 64, 10)
  backgroundColor = K8        ; #e9c46aff

.layer LT4 plain "s2"
  frame = K9                  ; (0, 34, 64, 10)
  backgroundColor = K8        ; #e9c46aff

.layer LT5 gradient "fade"
  frame = K10                 ; (0, 0, 64, 56)

.layer LT6 plain "stripes"
  frame = K5                  ; (8, 72, 64, 56)
  backgroundColor = K6        ; #1d3557ff

.layer LT7 gradient "hard"
  frame = K11                 ; (88, 72, 64, 56)

.layer LT8 gradient "ramp"
  frame = K12                 ; (168, 72, 64, 56)

.function F0 "main" params 0 registers 7
  0000   11 NEWLAYER      R0, LT0             ; gradient "axial"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005    | GETGLOBAL     R0, G0
  0006    | LOADK         R2, K13             ; #e63946ff
  0007    | LOADK         R3, K14             ; #f4a261ff
  0008    | LOADK         R4, K15             ; #2a9d8fff
  0009    | NEWARRAY      R1, R2, 3
  0010    | SETPROP       R0, R1, colors
  0011    | GETGLOBAL     R0, G0
  0012    | LOADK         R1, K16             ; (0, 0)
  0013    | SETPROP       R0, R1, startPoint
  0014    | GETGLOBAL     R0, G0
  0015    | LOADK         R1, K17             ; (1, 1)
  0016    | SETPROP       R0, R1, endPoint
  0017    | GETGLOBAL     R0, G0
  0018    | LOADK         R1, K18             ; 10
  0019    | SETPROP       R0, R1, cornerRadius
  0020   12 NEWLAYER      R0, LT1             ; gradient "radial"
  0021    | SETGLOBAL     R0, G1
  0022    | ROOT          R0
  0023    | GETGLOBAL     R1, G1
  0024    | ADDSUBLAYER   R0, R1
  0025    | GETGLOBAL     R0, G1
  0026    | LOADK         R2, K19             ; #f1faeeff
  0027    | LOADK         R3, K20             ; #457b9dff
  0028    | LOADK         R4, K6              ; #1d3557ff
  0029    | NEWARRAY      R1, R2, 3
  0030    | SETPROP       R0, R1, colors
  0031    | GETGLOBAL     R0, G1
  0032    | LOADK         R1, K21             ; (0.5, 0.5)
  0033    | SETPROP       R0, R1, startPoint
  0034    | GETGLOBAL     R0, G1
  0035    | LOADK         R1, K17             ; (1, 1)
  0036    | SETPROP       R0, R1, endPoint
  0037   13 NEWLAYER      R0, LT2             ; gradient "conic"
  0038    | SETGLOBAL     R0, G2
  0039    | ROOT          R0
  0040    | GETGLOBAL     R1, G2
  0041    | ADDSUBLAYER   R0, R1
  0042    | GETGLOBAL     R0, G2
  0043    | LOADK         R2, K13             ; #e63946ff
  0044    | LOADK         R3, K8              ; #e9c46aff
  0045    | LOADK         R4, K15             ; #2a9d8fff
  0046    | LOADK         R5, K20             ; #457b9dff
  0047    | LOADK         R6, K13             ; #e63946ff
  0048    | NEWARRAY      R1, R2, 5
  0049    | SETPROP       R0, R1, colors
  0050    | GETGLOBAL     R0, G2
  0051    | LOADK         R1, K21             ; (0.5, 0.5)
  0052    | SETPROP       R0, R1, startPoint
  0053    | GETGLOBAL     R0, G2
  0054    | LOADK         R1, K22             ; (1, 0.5)
  0055    | SETPROP       R0, R1, endPoint
  0056   15 NEWLAYER      R0, LT6             ; plain "stripes"
  0057    | SETGLOBAL     R0, G3
  0058    | ROOT          R0
  0059    | GETGLOBAL     R1, G3
  0060    | ADDSUBLAYER   R0, R1
  0061   18 NEWLAYER      R0, LT3             ; plain "s1"
  0062    | SETGLOBAL     R0, G4
  0063    | GETGLOBAL     R0, G3
  0064    | GETGLOBAL     R1, G4
  0065    | ADDSUBLAYER   R0, R1
  0066   19 NEWLAYER      R0, LT4             ; plain "s2"
  0067    | SETGLOBAL     R0, G5
  0068    | GETGLOBAL     R0, G3
  0069    | GETGLOBAL     R1, G5
  0070    | ADDSUBLAYER   R0, R1
  0071   20 NEWLAYER      R0, LT5             ; gradient "fade"
  0072    | SETGLOBAL     R0, G6
  0073    | GETGLOBAL     R0, G3
  0074    | GETGLOBAL     R1, G6
  0075    | ADDSUBLAYER   R0, R1
  0076    | GETGLOBAL     R0, G6
  0077    | LOADK         R2, K13             ; #e63946ff
  0078    | LOADK         R3, K23             ; #e6394600
  0079    | NEWARRAY      R1, R2, 2
  0080    | SETPROP       R0, R1, colors
  0081    | GETGLOBAL     R0, G6
  0082    | LOADK         R1, K24             ; (0, 0.5)
  0083    | SETPROP       R0, R1, startPoint
  0084    | GETGLOBAL     R0, G6
  0085    | LOADK         R1, K22             ; (1, 0.5)
  0086    | SETPROP       R0, R1, endPoint
  0087   22 NEWLAYER      R0, LT7             ; gradient "hard"
  0088    | SETGLOBAL     R0, G7
  0089    | ROOT          R0
  0090    | GETGLOBAL     R1, G7
  0091    | ADDSUBLAYER   R0, R1
  0092    | GETGLOBAL     R0, G7
  0093    | LOADK         R2, K6              ; #1d3557ff
  0094    | LOADK         R3, K20             ; #457b9dff
  0095    | LOADK         R4, K8              ; #e9c46aff
  0096    | LOADK         R5, K14             ; #f4a261ff
  0097    | NEWARRAY      R1, R2, 4
  0098    | SETPROP       R0, R1, colors
  0099    | GETGLOBAL     R0, G7
  0100    | LOADK         R2, K25             ; 0
  0101    | LOADK         R3, K26             ; 0.5
  0102    | LOADK         R4, K26             ; 0.5
  0103    | LOADK         R5, K27             ; 1
  0104    | NEWARRAY      R1, R2, 4
  0105    | SETPROP       R0, R1, locations
  0106   23 GETGLOBAL     R0, G7
  0107    | LOADK         R1, K16             ; (0, 0)
  0108    | SETPROP       R0, R1, startPoint
  0109    | GETGLOBAL     R0, G7
  0110    | LOADK         R1, K28             ; (1, 0)
  0111    | SETPROP       R0, R1, endPoint
  0112   24 NEWLAYER      R0, LT8             ; gradient "ramp"
  0113    | SETGLOBAL     R0, G8
  0114    | ROOT          R0
  0115    | GETGLOBAL     R1, G8
  0116    | ADDSUBLAYER   R0, R1
  0117    | GETGLOBAL     R0, G8
  0118    | LOADK         R2, K29             ; #808080ff
  0119    | LOADK         R3, K30             ; #8c8c8cff
  0120    | NEWARRAY      R1, R2, 2
  0121    | SETPROP       R0, R1, colors
  0122    | GETGLOBAL     R0, G8
  0123    | LOADK         R1, K24             ; (0, 0.5)
  0124    | SETPROP       R0, R1, startPoint
  0125    | GETGLOBAL     R0, G8
  0126    | LOADK         R1, K22             ; (1, 0.5)
  0127    | SETPROP       R0, R1, endPoint
  0128    | RET
