; calc bytecode, format 6
; source: Samples/kinds/cube.cal
.scene size 240x160 scale 1 fps 10 duration 1 background #1d3557ff origin topLeft
.globals 11

.constants
  K0      rect      (0, 0, 160, 160)
  K1      transform [1 0 0 0, 0 1 0 0, 0 0 1 -0.0025, 0 0 0 1]
  K2      point     (80, 80)
  K3      transform [1 0 0 0, 0 0.8660254037844387 0.49999999999999994 0, 0 -0.49999999999999994 0.8660254037844387 0, 0 0 0 1]
  K4      number    0
  K5      number    1.5707963267948966
  K6      number    1
  K7      rect      (160, 0, 80, 160)
  K8      bool      true
  K9      rect      (10, 10, 60, 60)
  K10     color     #e63946ff
  K11     bool      false
  K12     transform [-0.4999999999999998 0 -0.8660254037844388 0, 0 1 0 0, 0.8660254037844388 0 -0.4999999999999998 0, 0 0 0 1]
  K13     rect      (10, 70, 60, 60)
  K14     color     #f1faeeff
  K15     number    3
  K16     transform [1 0 0 0, 0 0.5000000000000001 -0.8660254037844386 0, 0 0.8660254037844386 0.5000000000000001 0, 0 0 100 1]
  K17     string    "spin"
  K18     rect      (0, 0, 60, 60)
  K19     point     (0, 0)
  K20     number    2
  K21     color     #1d3557ff
  K22     transform [1 0 0 0, 0 1 0 0, 0 0 1 0, 0 0 30 1]
  K23     color     #f4a261ff
  K24     transform [-1 0 -1.224646799076922e-16 0, 0 1 0 0, 1.224646799076922e-16 0 -1 0, 0 0 -30 1]
  K25     color     #e9c46aff
  K26     transform [6.12323399538461e-17 0 -1 0, 0 1 0 0, 1 0 6.12323399538461e-17 0, 30 0 0 1]
  K27     color     #2a9d8fff
  K28     transform [6.12323399538461e-17 0 1 0, 0 1 0 0, -1 0 6.12323399538461e-17 0, -30 0 0 1]
  K29     color     #a8dadcff
  K30     transform [1 0 0 0, 0 6.12323399538461e-17 1 0, 0 -1 6.12323399538461e-17 0, 0 -30 0 1]
  K31     transform [1 0 0 0, 0 6.12323399538461e-17 -1 0, 0 1 6.12323399538461e-17 0, 0 30 0 1]

.layer LT0 plain "front"

.layer LT1 plain "back"

.layer LT2 plain "right"

.layer LT3 plain "left"

.layer LT4 plain "top"

.layer LT5 plain "bottom"

.layer LT6 transform "cube"
  position = K2               ; (80, 80)
  transform = K3              ; [1 0 0 0, 0 0.8660254037844387 0.49999999999999994 0, 0 -0.49999999999999994 0.8660254037844387 0, 0 0 0 1]

.layer LT7 plain "stage"
  frame = K0                  ; (0, 0, 160, 160)
  sublayerTransform = K1      ; [1 0 0 0, 0 1 0 0, 0 0 1 -0.0025, 0 0 0 1]

.layer LT8 plain "away"
  frame = K9                  ; (10, 10, 60, 60)
  backgroundColor = K10       ; #e63946ff
  doubleSided = K11           ; false
  transform = K12             ; [-0.4999999999999998 0 -0.8660254037844388 0, 0 1 0 0, 0.8660254037844388 0 -0.4999999999999998 0, 0 0 0 1]

.layer LT9 plain "tilted"
  frame = K13                 ; (10, 70, 60, 60)
  backgroundColor = K14       ; #f1faeeff
  borderWidth = K15           ; 3
  borderColor = K10           ; #e63946ff
  transform = K16             ; [1 0 0 0, 0 0.5000000000000001 -0.8660254037844386 0, 0 0.8660254037844386 0.5000000000000001 0, 0 0 100 1]

.layer LT10 plain "side"
  frame = K7                  ; (160, 0, 80, 160)
  masksToBounds = K8          ; true
  sublayerTransform = K1      ; [1 0 0 0, 0 1 0 0, 0 0 1 -0.0025, 0 0 0 1]

.animation AT0 basic transform.rotation.y
  from = K4                   ; 0
  to = K5                     ; 1.5707963267948966
  duration = K6               ; 1

.function F0 "main" params 0 registers 2
  0000   13 NEWLAYER      R0, LT7             ; plain "stage"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   16 NEWLAYER      R0, LT6             ; transform "cube"
  0006    | SETGLOBAL     R0, G1
  0007    | GETGLOBAL     R0, G0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010   19 GETGLOBAL     R0, G1
  0011    | ANIMNEW       R1, AT0             ; basic transform.rotation.y
  0012    | ANIMADD       R0, R1, K17         ; "spin"
  0013   20 NEWLAYER      R0, LT0             ; plain "front"
  0014    | SETGLOBAL     R0, G2
  0015    | GETGLOBAL     R0, G2
  0016    | LOADK         R1, K18             ; (0, 0, 60, 60)
  0017    | SETSTYLED     R0, R1, bounds
  0018    | GETGLOBAL     R0, G2
  0019    | LOADK         R1, K19             ; (0, 0)
  0020    | SETSTYLED     R0, R1, position
  0021    | GETGLOBAL     R0, G2
  0022    | LOADBOOL      R1, 0
  0023    | SETSTYLED     R0, R1, doubleSided
  0024    | GETGLOBAL     R0, G2
  0025    | LOADK         R1, K20             ; 2
  0026    | SETSTYLED     R0, R1, borderWidth
  0027    | GETGLOBAL     R0, G2
  0028    | LOADK         R1, K21             ; #1d3557ff
  0029    | SETSTYLED     R0, R1, borderColor
  0030    | GETGLOBAL     R0, G1
  0031    | GETGLOBAL     R1, G2
  0032    | ADDSUBLAYER   R0, R1
  0033    | GETGLOBAL     R0, G2
  0034    | LOADK         R1, K10             ; #e63946ff
  0035    | SETPROP       R0, R1, backgroundColor
  0036    | GETGLOBAL     R0, G2
  0037    | LOADK         R1, K22             ; [1 0 0 0, 0 1 0 0, 0 0 1 0, 0 0 30 1]
  0038    | SETPROP       R0, R1, transform
  0039   21 NEWLAYER      R0, LT1             ; plain "back"
  0040    | SETGLOBAL     R0, G3
  0041    | GETGLOBAL     R0, G3
  0042    | LOADK         R1, K18             ; (0, 0, 60, 60)
  0043    | SETSTYLED     R0, R1, bounds
  0044    | GETGLOBAL     R0, G3
  0045    | LOADK         R1, K19             ; (0, 0)
  0046    | SETSTYLED     R0, R1, position
  0047    | GETGLOBAL     R0, G3
  0048    | LOADBOOL      R1, 0
  0049    | SETSTYLED     R0, R1, doubleSided
  0050    | GETGLOBAL     R0, G3
  0051    | LOADK         R1, K20             ; 2
  0052    | SETSTYLED     R0, R1, borderWidth
  0053    | GETGLOBAL     R0, G3
  0054    | LOADK         R1, K21             ; #1d3557ff
  0055    | SETSTYLED     R0, R1, borderColor
  0056    | GETGLOBAL     R0, G1
  0057    | GETGLOBAL     R1, G3
  0058    | ADDSUBLAYER   R0, R1
  0059    | GETGLOBAL     R0, G3
  0060    | LOADK         R1, K23             ; #f4a261ff
  0061    | SETPROP       R0, R1, backgroundColor
  0062    | GETGLOBAL     R0, G3
  0063    | LOADK         R1, K24             ; [-1 0 -1.224646799076922e-16 0, 0 1 0 0, 1.224646799076922e-16 0 -1 0, 0 0 -30 1]
  0064    | SETPROP       R0, R1, transform
  0065   22 NEWLAYER      R0, LT2             ; plain "right"
  0066    | SETGLOBAL     R0, G4
  0067    | GETGLOBAL     R0, G4
  0068    | LOADK         R1, K18             ; (0, 0, 60, 60)
  0069    | SETSTYLED     R0, R1, bounds
  0070    | GETGLOBAL     R0, G4
  0071    | LOADK         R1, K19             ; (0, 0)
  0072    | SETSTYLED     R0, R1, position
  0073    | GETGLOBAL     R0, G4
  0074    | LOADBOOL      R1, 0
  0075    | SETSTYLED     R0, R1, doubleSided
  0076    | GETGLOBAL     R0, G4
  0077    | LOADK         R1, K20             ; 2
  0078    | SETSTYLED     R0, R1, borderWidth
  0079    | GETGLOBAL     R0, G4
  0080    | LOADK         R1, K21             ; #1d3557ff
  0081    | SETSTYLED     R0, R1, borderColor
  0082    | GETGLOBAL     R0, G1
  0083    | GETGLOBAL     R1, G4
  0084    | ADDSUBLAYER   R0, R1
  0085    | GETGLOBAL     R0, G4
  0086    | LOADK         R1, K25             ; #e9c46aff
  0087    | SETPROP       R0, R1, backgroundColor
  0088    | GETGLOBAL     R0, G4
  0089    | LOADK         R1, K26             ; [6.12323399538461e-17 0 -1 0, 0 1 0 0, 1 0 6.12323399538461e-17 0, 30 0 0 1]
  0090    | SETPROP       R0, R1, transform
  0091   23 NEWLAYER      R0, LT3             ; plain "left"
  0092    | SETGLOBAL     R0, G5
  0093    | GETGLOBAL     R0, G5
  0094    | LOADK         R1, K18             ; (0, 0, 60, 60)
  0095    | SETSTYLED     R0, R1, bounds
  0096    | GETGLOBAL     R0, G5
  0097    | LOADK         R1, K19             ; (0, 0)
  0098    | SETSTYLED     R0, R1, position
  0099    | GETGLOBAL     R0, G5
  0100    | LOADBOOL      R1, 0
  0101    | SETSTYLED     R0, R1, doubleSided
  0102    | GETGLOBAL     R0, G5
  0103    | LOADK         R1, K20             ; 2
  0104    | SETSTYLED     R0, R1, borderWidth
  0105    | GETGLOBAL     R0, G5
  0106    | LOADK         R1, K21             ; #1d3557ff
  0107    | SETSTYLED     R0, R1, borderColor
  0108    | GETGLOBAL     R0, G1
  0109    | GETGLOBAL     R1, G5
  0110    | ADDSUBLAYER   R0, R1
  0111    | GETGLOBAL     R0, G5
  0112    | LOADK         R1, K27             ; #2a9d8fff
  0113    | SETPROP       R0, R1, backgroundColor
  0114    | GETGLOBAL     R0, G5
  0115    | LOADK         R1, K28             ; [6.12323399538461e-17 0 1 0, 0 1 0 0, -1 0 6.12323399538461e-17 0, -30 0 0 1]
  0116    | SETPROP       R0, R1, transform
  0117   24 NEWLAYER      R0, LT4             ; plain "top"
  0118    | SETGLOBAL     R0, G6
  0119    | GETGLOBAL     R0, G6
  0120    | LOADK         R1, K18             ; (0, 0, 60, 60)
  0121    | SETSTYLED     R0, R1, bounds
  0122    | GETGLOBAL     R0, G6
  0123    | LOADK         R1, K19             ; (0, 0)
  0124    | SETSTYLED     R0, R1, position
  0125    | GETGLOBAL     R0, G6
  0126    | LOADBOOL      R1, 0
  0127    | SETSTYLED     R0, R1, doubleSided
  0128    | GETGLOBAL     R0, G6
  0129    | LOADK         R1, K20             ; 2
  0130    | SETSTYLED     R0, R1, borderWidth
  0131    | GETGLOBAL     R0, G6
  0132    | LOADK         R1, K21             ; #1d3557ff
  0133    | SETSTYLED     R0, R1, borderColor
  0134    | GETGLOBAL     R0, G1
  0135    | GETGLOBAL     R1, G6
  0136    | ADDSUBLAYER   R0, R1
  0137    | GETGLOBAL     R0, G6
  0138    | LOADK         R1, K29             ; #a8dadcff
  0139    | SETPROP       R0, R1, backgroundColor
  0140    | GETGLOBAL     R0, G6
  0141    | LOADK         R1, K30             ; [1 0 0 0, 0 6.12323399538461e-17 1 0, 0 -1 6.12323399538461e-17 0, 0 -30 0 1]
  0142    | SETPROP       R0, R1, transform
  0143   25 NEWLAYER      R0, LT5             ; plain "bottom"
  0144    | SETGLOBAL     R0, G7
  0145    | GETGLOBAL     R0, G7
  0146    | LOADK         R1, K18             ; (0, 0, 60, 60)
  0147    | SETSTYLED     R0, R1, bounds
  0148    | GETGLOBAL     R0, G7
  0149    | LOADK         R1, K19             ; (0, 0)
  0150    | SETSTYLED     R0, R1, position
  0151    | GETGLOBAL     R0, G7
  0152    | LOADBOOL      R1, 0
  0153    | SETSTYLED     R0, R1, doubleSided
  0154    | GETGLOBAL     R0, G7
  0155    | LOADK         R1, K20             ; 2
  0156    | SETSTYLED     R0, R1, borderWidth
  0157    | GETGLOBAL     R0, G7
  0158    | LOADK         R1, K21             ; #1d3557ff
  0159    | SETSTYLED     R0, R1, borderColor
  0160    | GETGLOBAL     R0, G1
  0161    | GETGLOBAL     R1, G7
  0162    | ADDSUBLAYER   R0, R1
  0163    | GETGLOBAL     R0, G7
  0164    | LOADK         R1, K14             ; #f1faeeff
  0165    | SETPROP       R0, R1, backgroundColor
  0166    | GETGLOBAL     R0, G7
  0167    | LOADK         R1, K31             ; [1 0 0 0, 0 6.12323399538461e-17 -1 0, 0 1 6.12323399538461e-17 0, 0 30 0 1]
  0168    | SETPROP       R0, R1, transform
  0169   29 NEWLAYER      R0, LT10            ; plain "side"
  0170    | SETGLOBAL     R0, G8
  0171    | ROOT          R0
  0172    | GETGLOBAL     R1, G8
  0173    | ADDSUBLAYER   R0, R1
  0174   33 NEWLAYER      R0, LT8             ; plain "away"
  0175    | SETGLOBAL     R0, G9
  0176    | GETGLOBAL     R0, G8
  0177    | GETGLOBAL     R1, G9
  0178    | ADDSUBLAYER   R0, R1
  0179   34 NEWLAYER      R0, LT9             ; plain "tilted"
  0180    | SETGLOBAL     R0, G10
  0181    | GETGLOBAL     R0, G8
  0182    | GETGLOBAL     R1, G10
  0183    | ADDSUBLAYER   R0, R1
  0184   36 RET
