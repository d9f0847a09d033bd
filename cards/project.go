package cards

// ProjectFile is the name of a project file in a folder.
const ProjectFile = "deckpress.yaml"

// Project is a folder's project file: the files to build and the print
// settings they share.
type Project struct {
	Path   string
	Name   string
	Pos    Pos
	Inputs []*Node // files and folders, relative to the project file; nil: every file of the folder
	Print  Print
	// Tuckbox is the tuckbox: value as written (true, false, or
	// {cards, thickness}), read by the build; nil: none.
	Tuckbox *Node
}

// TuckboxShape is a project's tuckbox: value.
var TuckboxShape = Either("a tuck box for every deck of the project: true, or its settings",
	Flag("true: a tuck box for every deck"),
	Object("the tuck boxes' settings",
		P("cards", Whole("cards a box holds (default: the deck's printed cards and the project's rules cards)")),
		P("thickness", Length("a card's thickness (default 0.32mm)"))))

// ProjectShape is a project file.
var ProjectShape = &Shape{Type: "object", Desc: "a deckpress project: the files of a folder to build and their shared print settings", Required: []string{"project"},
	Props: []Prop{
		P("project", Text("the project's name")),
		P("inputs", List("files and folders to build, relative to this file (default: every YAML file here)", Text("a file or folder"))),
		P("print", PrintShape),
		P("tuckbox", TuckboxShape),
	}}

var projectKeys = ProjectShape.Keys()

// ReadProject reads a project file from a parsed document.
func ReadProject(path string, root *Node) (*Project, Diagnostics) {
	var diags Diagnostics
	p := &Project{Path: path}
	m := diags.Map(root, "project file", projectKeys...)
	if m == nil {
		return nil, diags
	}
	diags.Require(m, "a project file", "project")
	if n := m.Get("project"); n != nil {
		p.Name, _ = diags.Text(n, "project")
		p.Pos = n.Pos
	}
	for _, n := range diags.List(m.Get("inputs"), "inputs") {
		if _, ok := diags.Text(n, "inputs"); ok {
			p.Inputs = append(p.Inputs, n)
		}
	}
	if n := m.Get("print"); n != nil {
		var ds Diagnostics
		p.Print, ds = ReadPrint(n)
		diags = diags.Extend(ds)
	}
	p.Tuckbox = m.Get("tuckbox")
	return p, diags
}
