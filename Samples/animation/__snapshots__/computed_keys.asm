; calc bytecode, format 4
; source: Samples/animation/computed_keys.cal
.scene size 120x60 scale 1 fps 10 duration 1 background #000000ff origin topLeft
.globals 1

.constants
  K0      number    10
  K1      number    110
  K2      number    1
  K3      rect      (0, 0, 10, 10)
  K4      number    0
  K5      number    3
  K6      string    "bar"
  K7      number    20
  K8      color     #00ff00ff
  K9      string    "slide"
  K10     number    0.5
  K11     color     #ff0000ff
  K12     string    "bar1"
  K13     string    "slide1"
  K14     string    "bar2"
  K15     string    "slide2"

.layer LT0 plain ""
  bounds = K3                 ; (0, 0, 10, 10)

.animation AT0 basic position.x
  from = K0                   ; 10
  to = K1                     ; 110
  duration = K2               ; 1

.animation AT1 basic opacity
  from = K2                   ; 1
  to = K4                     ; 0
  duration = K2               ; 1

.function F0 "main" params 0 registers 8
  0000   16 LOADK         R2, K4              ; 0
  0001    | LOADK         R3, K5              ; 3
  0002    | FORPREP       R2..R3, R0, +30     ; -> 0033
  0003   17 NEWLAYER      R1, LT0             ; plain ""
  0004    | LOADK         R4, K6              ; "bar"
  0005    | MOVE          R6, R0
  0006    | CALLB         R5, R6, string
  0007    | ADD           R4, R4, R5
  0008    | SETPROP       R1, R4, name
  0009    | ROOT          R4
  0010    | ADDSUBLAYER   R4, R1
  0011   19 LOADK         R4, K0              ; 10
  0012    | LOADK         R5, K0              ; 10
  0013    | LOADK         R6, K7              ; 20
  0014    | MUL           R6, R6, R0
  0015    | ADD           R5, R5, R6
  0016    | MKPOINT       R4, R4, R5
  0017    | SETPROP       R1, R4, position
  0018   20 LOADK         R4, K8              ; #00ff00ff
  0019    | SETPROP       R1, R4, backgroundColor
  0020   22 LOADK         R4, K6              ; "bar"
  0021    | MOVE          R7, R0
  0022    | CALLB         R6, R7, string
  0023    | ADD           R4, R4, R6
  0024    | NAMED         R4, R4
  0025    | LOADK         R5, K9              ; "slide"
  0026    | MOVE          R7, R0
  0027    | CALLB         R6, R7, string
  0028    | ADD           R5, R5, R6
  0029    | MOVE          R7, R0
  0030    | NEWARRAY      R6, R7, 1
  0031    | ONSTOP        R4..R5, R6, F1      ; "on named(\"bar\\(i)\")[\"slide\\(i)\"].didStop"
  0032   16 FORLOOP       R2..R3, R0, -30     ; -> 0003
  0033   27 LOADK         R2, K4              ; 0
  0034    | NEWARRAY      R3, R4, 0
  0035    | SCHEDULE      R2, R3, F2          ; "at 0s"
  0036   31 LOADK         R2, K10             ; 0.5
  0037    | NEWARRAY      R3, R4, 0
  0038    | SCHEDULE      R2, R3, F3          ; "at 0.5s"
  0039   35 RET

.function F1 "on named(\"bar\\(i)\")[\"slide\\(i)\"].didStop" params 2 registers 5
  0000   23 NOT           R2, R0
  0001    | JMPIFNOT      R2, +7              ; -> 0009
  0002    | LOADK         R2, K6              ; "bar"
  0003    | MOVE          R4, R1
  0004    | CALLB         R3, R4, string
  0005    | ADD           R2, R2, R3
  0006    | NAMED         R2, R2
  0007    | LOADK         R3, K11             ; #ff0000ff
  0008    | SETPROP       R2, R3, backgroundColor
  0009   24 RET

.function F2 "at 0s" params 0 registers 8
  0000   28 LOADK         R1, K4              ; 0
  0001    | LOADK         R2, K5              ; 3
  0002    | FORPREP       R1..R2, R0, +12     ; -> 0015
  0003    | LOADK         R3, K6              ; "bar"
  0004    | MOVE          R5, R0
  0005    | CALLB         R4, R5, string
  0006    | ADD           R3, R3, R4
  0007    | NAMED         R3, R3
  0008    | ANIMNEW       R4, AT0             ; basic position.x
  0009    | LOADK         R5, K9              ; "slide"
  0010    | MOVE          R7, R0
  0011    | CALLB         R6, R7, string
  0012    | ADD           R5, R5, R6
  0013    | ANIMADDK      R3, R4, R5
  0014    | FORLOOP       R1..R2, R0, -12     ; -> 0003
  0015   29 RET

.function F3 "at 0.5s" params 0 registers 2
  0000   33 LOADK         R0, K12             ; "bar1"
  0001    | NAMED         R0, R0
  0002    | ANIMNEW       R1, AT1             ; basic opacity
  0003    | ANIMADD       R0, R1, K13         ; "slide1"
  0004   34 LOADK         R0, K14             ; "bar2"
  0005    | NAMED         R0, R0
  0006    | ANIMREMOVE    R0, K15             ; "slide2"
  0007   35 RET
