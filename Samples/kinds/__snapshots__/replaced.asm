; calc bytecode, format 2
; source: Samples/kinds/replaced.cal
.scene size 128x56 scale 1 fps 10 duration 1 background #ffffffff origin topLeft
.globals 2
.property "lit" id 32768 number = 0

.constants
  K0      rect      (8, 12, 48, 32)
  K1      color     #ddddddff
  K2      image     image "badge.png"
  K3      number    0
  K4      number    1
  K5      rect      (72, 12, 48, 32)
  K6      string    "Hi"
  K7      number    20
  K8      color     #1d3557ff
  K9      string    "run"
  K10     number    0.5
  K11     path      path(move 0, 0; line 24, 0; line 24, 16; line 0, 16; close)
  K12     color     #e63946ff
  K13     enum      case 0

.layer LT0 plain "drawn"
  frame = K0                  ; (8, 12, 48, 32)
  backgroundColor = K1        ; #ddddddff
  contents = K2               ; image "badge.png"

.layer LT1 text "label"
  frame = K5                  ; (72, 12, 48, 32)
  backgroundColor = K1        ; #ddddddff
  contents = K2               ; image "badge.png"
  string = K6                 ; "Hi"
  fontSize = K7               ; 20
  foregroundColor = K8        ; #1d3557ff

.animation AT0 basic lit
  from = K3                   ; 0
  to = K4                     ; 1
  duration = K4               ; 1

.function F0 "main" params 0 registers 3
  0000   13 NEWLAYER      R0, LT0             ; plain "drawn"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005   17 GETGLOBAL     R0, G0
  0006    | NEWARRAY      R1, R2, 0
  0007    | SETDRAW       R0..R1, F1          ; "draw drawn"
  0008   18 GETGLOBAL     R0, G0
  0009    | ANIMNEW       R1, AT0             ; basic lit
  0010    | ANIMADD       R0, R1, K9          ; "run"
  0011   21 NEWLAYER      R0, LT1             ; text "label"
  0012    | SETGLOBAL     R0, G1
  0013    | ROOT          R0
  0014    | GETGLOBAL     R1, G1
  0015    | ADDSUBLAYER   R0, R1
  0016   28 RET

.function F1 "draw drawn" params 1 registers 4
  0000   17 LOADK         R1, K10             ; 0.5
  0001    | GETPRES       R2, R0, lit
  0002    | LT            R1, R1, R2
  0003    | JMPIFNOT      R1, +4              ; -> 0008
  0004    | LOADK         R1, K11             ; path(move 0, 0; line 24, 0; line 24, 16; line 0, 16; close)
  0005    | LOADK         R2, K12             ; #e63946ff
  0006    | LOADK         R3, K13             ; case 0
  0007    | DRAWFILL      R1..R3
  0008    | RET
