// Package typeset sets text: fonts (the embedded Go fonts and TrueType
// files) with unhinted metrics, the markup of card text (**bold**,
// *italic*, lists, :icons:), line breaking and fitting in a box
// ([LayoutText]), and flowing blocks of text across frames ([Flow]) for
// rules cards and sheets. Text is laid out once, in millimetres, into
// draw operations, so every back end draws the same lines.
package typeset
