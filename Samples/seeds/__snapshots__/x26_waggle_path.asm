; calc bytecode, format 2
; source: Samples/seeds/x26_waggle_path.cal
.scene size 400x400 scale 1 fps 30 duration 2 background #ffffffff origin topLeft
.globals 1

.constants
  K0      rect      (0, 0, 20, 20)
  K1      point     (100, 100)
  K2      enum      case 3
  K3      number    0.25
  K4      number    1
  K5      number    3
  K6      number    0.17453292519943295
  K7      number    2
  K8      point     (300, 300)
  K9      string    "position"

.layer LT0 plain "layer1"
  bounds = K0                 ; (0, 0, 20, 20)
  position = K1               ; (100, 100)

.animation AT0 keyframe position
  calculationMode = K2        ; .cubic
  duration = K3               ; 0.25

.function F0 "main" params 0 registers 3
  0000   13 NEWLAYER      R0, LT0             ; plain "layer1"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   26 LOADK         R0, K4              ; 1
  0006    | NEWARRAY      R1, R2, 0
  0007    | SCHEDULE      R0, R1, F2          ; "at 1s"
  0008   30 RET

.function F1 "waggle" params 2 registers 14
  0000   16 FIELD         R8, R1, .x
  0001    | FIELD         R9, R0, .x
  0002    | SUB           R2, R8, R9
  0003   17 FIELD         R8, R1, .y
  0004    | FIELD         R9, R0, .y
  0005    | SUB           R3, R8, R9
  0006   18 MUL           R9, R2, R2
  0007    | MUL           R10, R3, R3
  0008    | ADD           R9, R9, R10
  0009    | CALLB         R8, R9, sqrt
  0010    | DIV           R4, R8, K5          ; 3
  0011   19 MOVE          R8, R3
  0012    | MOVE          R9, R2
  0013    | CALLB         R5, R8, atan2
  0014   21 FIELD         R8, R0, .x
  0015    | ADD           R11, R5, K6         ; 0.17453292519943295
  0016    | CALLB         R10, R11, cos
  0017    | MUL           R9, R4, R10
  0018    | ADD           R8, R8, R9
  0019    | FIELD         R9, R0, .y
  0020    | ADD           R12, R5, K6         ; 0.17453292519943295
  0021    | CALLB         R11, R12, sin
  0022    | MUL           R10, R4, R11
  0023    | ADD           R9, R9, R10
  0024    | MKPOINT       R6, R8, R9
  0025   22 FIELD         R8, R0, .x
  0026    | LOADK         R9, K7              ; 2
  0027    | MUL           R9, R9, R4
  0028    | SUB           R11, R5, K6         ; 0.17453292519943295
  0029    | CALLB         R10, R11, cos
  0030    | MUL           R9, R9, R10
  0031    | ADD           R8, R8, R9
  0032    | FIELD         R9, R0, .y
  0033    | LOADK         R10, K7             ; 2
  0034    | MUL           R10, R10, R4
  0035    | SUB           R12, R5, K6         ; 0.17453292519943295
  0036    | CALLB         R11, R12, sin
  0037    | MUL           R10, R10, R11
  0038    | ADD           R9, R9, R10
  0039    | MKPOINT       R7, R8, R9
  0040   23 ANIMNEW       R8, AT0             ; keyframe position
  0041    | MOVE          R10, R0
  0042    | MOVE          R11, R6
  0043    | MOVE          R12, R7
  0044    | MOVE          R13, R1
  0045    | NEWARRAY      R9, R10, 4
  0046    | ANIMSET       R8, R9, values
  0047    | RETV          R8

.function F2 "at 1s" params 0 registers 5
  0000   27 GETGLOBAL     R1, G0
  0001    | GETPROP       R0, R1, position
  0002   28 TXBEGIN
  0003    | LOADBOOL      R1, 1
  0004    | TXSET         R1, disableActions
  0005    | GETGLOBAL     R1, G0
  0006    | LOADK         R2, K8              ; (300, 300)
  0007    | SETPROP       R1, R2, position
  0008    | TXCOMMIT
  0009   29 GETGLOBAL     R1, G0
  0010    | MOVE          R3, R0
  0011    | LOADK         R4, K8              ; (300, 300)
  0012    | CALL          R2, 2, F1           ; "waggle"
  0013    | ANIMADD       R1, R2, K9          ; "position"
  0014   30 RET
