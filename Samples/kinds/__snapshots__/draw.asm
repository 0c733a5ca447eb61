; calc bytecode, format 2
; source: Samples/kinds/draw.cal
.scene size 160x120 scale 1 fps 10 duration 2 background #ffffffff origin topLeft
.globals 1
.property "progress" id 32768 number = 0
.property "accent" id 32769 color = #e76f51ff

.constants
  K0      rect      (0, 0, 100, 100)
  K1      point     (80, 60)
  K2      color     #f1faeeff
  K3      color     #264653ff
  K4      number    2
  K5      number    12
  K6      number    0
  K7      number    1
  K8      timing    linear
  K9      string    "run"
  K10     path      path(move 90, 50; cubic 90, 72.09138999323173, 72.09138999323174, 90, 50, 90; cubic 27.908610006768267, 90, 10.000000000000007, 72.09138999323174, 10, 50.00000000000001; cubic 10, 27.908610006768267, 27.908610006768253, 10.000000000000007, 49.99999999999999, 10; cubic 72.09138999323173, 10, 90, 27.908610006768253, 90, 49.99999999999999; close)
  K11     color     #ddddddff
  K12     number    8
  K13     number    6.283185307179586
  K14     point     (50, 50)
  K15     number    40
  K16     number    -1.5707963267948966
  K17     number    100
  K18     string    "%"
  K19     point     (36, 54)
  K20     number    14
  K21     color     #1d3557ff
  K22     color     #2a9d8fff

.layer LT0 plain "gauge"
  bounds = K0                 ; (0, 0, 100, 100)
  position = K1               ; (80, 60)
  backgroundColor = K2        ; #f1faeeff
  borderColor = K3            ; #264653ff
  borderWidth = K4            ; 2
  cornerRadius = K5           ; 12

.animation AT0 basic progress
  from = K6                   ; 0
  to = K7                     ; 1
  duration = K4               ; 2
  timingFunction = K8         ; linear

.function F0 "main" params 0 registers 3
  0000   12 NEWLAYER      R0, LT0             ; plain "gauge"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   19 GETGLOBAL     R0, G0
  0006    | NEWARRAY      R1, R2, 0
  0007    | SETDRAW       R0..R1, F1          ; "draw gauge"
  0008   25 GETGLOBAL     R0, G0
  0009    | ANIMNEW       R1, AT0             ; basic progress
  0010    | ANIMADD       R0, R1, K9          ; "run"
  0011   28 LOADK         R0, K7              ; 1
  0012    | NEWARRAY      R1, R2, 0
  0013    | SCHEDULE      R0, R1, F2          ; "at 1s"
  0014    | RET

.function F1 "draw gauge" params 1 registers 10
  0000   20 LOADK         R2, K10             ; path(move 90, 50; cubic 90, 72.09138999323173, 72.09138999323174, 90, 50, 90; cubic 27.908610006768267, 90, 10.000000000000007, 72.09138999323174, 10, 50.00000000000001; cubic 10, 27.908610006768267, 27.908610006768253, 10.000000000000007, 49.99999999999999, 10; cubic 72.09138999323173, 10, 90, 27.908610006768253, 90, 49.99999999999999; close)
  0001    | LOADK         R3, K11             ; #ddddddff
  0002    | LOADK         R4, K12             ; 8
  0003    | DRAWSTROKE    R2..R4
  0004   21 GETPRES       R2, R0, progress
  0005    | MUL           R1, R2, K13         ; 6.283185307179586
  0006   22 LOADK         R5, K14             ; (50, 50)
  0007    | LOADK         R6, K15             ; 40
  0008    | LOADK         R7, K16             ; -1.5707963267948966
  0009    | LOADK         R8, K16             ; -1.5707963267948966
  0010    | ADD           R8, R8, R1
  0011    | LOADBOOL      R9, 0
  0012    | CALLB         R2, R5, arc
  0013    | GETPRES       R3, R0, accent
  0014    | LOADK         R4, K12             ; 8
  0015    | DRAWSTROKE    R2..R4
  0016   23 GETPRES       R7, R0, progress
  0017    | MUL           R7, R7, K17         ; 100
  0018    | CALLB         R6, R7, round
  0019    | CALLB         R2, R6, string
  0020    | ADD           R2, R2, K18         ; "%"
  0021    | LOADK         R3, K19             ; (36, 54)
  0022    | LOADK         R4, K20             ; 14
  0023    | LOADK         R5, K21             ; #1d3557ff
  0024    | DRAWTEXT      R2..R5
  0025   24 RET

.function F2 "at 1s" params 0 registers 2
  0000   28 GETGLOBAL     R0, G0
  0001    | LOADK         R1, K22             ; #2a9d8fff
  0002    | SETPROP       R0, R1, accent
  0003    | RET
