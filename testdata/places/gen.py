# testdata/places/gen.py: writes the cases of testdata/places, one check
# per replacement or preset, in each place metadata lives: a link, a
# preset, a sub-generator (subGeneratorMetadata, captureGroupMetadata) and
# a Conditional branch (default and conditional generators); bad-* hold
# the defect, good-* its correction.  Run from testdata/places:
#   python3 gen.py && sh ../run --accept ../../build/dgslint .
import json
# (rule, bad metadata, good metadata); generatorId first.
D = [
 ("DGS203", {"generatorId":"NameGenerator","preserveCapitalization":"yes"}, {"generatorId":"NameGenerator","preserveCapitalization":True}),
 ("DGS204", {"generatorId":"NameGenerator","preserveCapitalisation":True}, {"generatorId":"NameGenerator","preserveCapitalization":True}),
 ("DGS401", {"generatorId":"NameGenrator"}, {"generatorId":"NameGenerator"}),
 ("DGS402", {"presetId":"AddressGenerator","generatorId":"NameGenerator"}, {"presetId":"NameGenerator","generatorId":"NameGenerator"}),
 ("DGS405", {"generatorId":"NameGenerator","encryptionProcessor":"on"}, {"generatorId":"NameGenerator","encryptionProcessor":"x-on"}),
 ("DGS406", {"generatorId":"NameGenerator","customValueProcessor":""}, {"generatorId":"NameGenerator","customValueProcessor":"NormalizeName"}),
 ("DGS407", {"generatorId":"CategoricalGenerator","isConsistent":True}, {"generatorId":"NameGenerator","isConsistent":True}),
 ("DGS408", {"generatorId":"AddressGenerator","consistencyColumn":"customer_id"}, {"generatorId":"AddressGenerator","isConsistent":True,"consistencyColumn":"customer_id"}),
 ("DGS409", {"generatorId":"NameGenerator","isDifferentiallyPrivate":True}, {"generatorId":"CategoricalGenerator","isDifferentiallyPrivate":True,"epsilon":1}),
 ("DGS410", {"generatorId":"RandomIntegerGenerator","min":10,"max":10}, {"generatorId":"RandomIntegerGenerator","min":10,"max":100}),
 ("DGS415", {"generatorId":"NoFallbackGenerator"}, {"generatorId":"NullGenerator"}),
 ("DGS416", {"generatorId":"NameGenerator","pathExpression":"$.name"}, {"generatorId":"NameGenerator"}),
 ("DGS418", {"generatorId":"JsonMaskGenerator"}, {"generatorId":"TextMaskGenerator"}),
 ("DGS420", {"generatorId":"FindAndReplaceGenerator","find":"(a","useRegex":True,"replace":"b"}, {"generatorId":"FindAndReplaceGenerator","find":"(a)","useRegex":True,"replace":"b"}),
 ("DGS428", {"generatorId":"ZipCodeGenerator"}, {"generatorId":"AddressGenerator","addressType":"Zip"}),
]
# Where each check does not apply, and why (shown in the man page).
NOT = {
 "link": {"DGS418"},
 "preset": {"DGS406", "DGS408", "DGS418"},   # DGS705 / DGS706
 "sub": set(),
 "cond": set(),
}
def link(i, md, col=None):
    return {"schema":"public","table":"t","column":col or "c%d" % i,"metadata":md}
def repl(i, name, links):
    return {"name":name,"schema":"public","table":"t","links":links}
def doc_link(which):
    out=[]
    for i,(r,b,g) in enumerate(D):
        if r in NOT["link"]: continue
        out.append(repl(i, r, [link(i, b if which=="bad" else g)]))
    return out
def doc_preset(which):
    out=[]
    for i,(r,b,g) in enumerate(D):
        if r in NOT["preset"]: continue
        md=dict(b if which=="bad" else g)
        gid=md.pop("generatorId")
        out.append({"name":r,"generatorId":gid,"metadata":md})
    return out
# A sub-generator of JSON Mask is never consistent with another column
# (the composite generators page; DGS407 says so): DGS408 is checked in a
# Regex Mask's captureGroupMetadata only.
SUB_ONLY_CAPTURE = {"DGS408"}
def doc_sub(which):
    out=[]
    for i,(r,b,g) in enumerate(D):
        md=b if which=="bad" else g
        if r not in SUB_ONLY_CAPTURE:
            out.append(repl(i, r + " in subGeneratorMetadata", [link(i, {"generatorId":"JsonMaskGenerator","pathExpression":"$.a","subGeneratorMetadata":md})]))
        out.append(repl(i, r + " in captureGroupMetadata", [link(100+i, {"generatorId":"RegexMaskGenerator","pattern":"(\\w+)@","captureGroupMetadata":[md]})]))
    return out
def doc_cond(which):
    out=[]
    for i,(r,b,g) in enumerate(D):
        md=b if which=="bad" else g
        out.append(repl(i, r + " in the default generator", [link(i, {"generatorId":"ConditionalGenerator","defaultGenerator":{"metadata":md,"condition":{"op":"AND","conditions":[]}},"conditionalGenerators":[]})]))
        out.append(repl(i, r + " in a conditional generator", [link(100+i, {"generatorId":"ConditionalGenerator","defaultGenerator":{"metadata":{"generatorId":"PassthroughGenerator"},"condition":{"op":"AND","conditions":[]}},"conditionalGenerators":[{"metadata":md,"condition":{"op":"OR","conditions":[{"col":"field_self","op":"=","val":"x"}]}}]})]))
    return out
def dump(name, obj):
    with open(name, "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(o) for o in obj) + "\n]\n")
for w in ("bad","good"):
    dump("%s-link.json" % w, doc_link(w))
    dump("%s-preset.json" % w, doc_preset(w))
    dump("%s-sub-generator.json" % w, doc_sub(w))
    dump("%s-conditional.json" % w, doc_cond(w))
def doc_preset_nested():
    out=[]
    for i,(r,b,g) in enumerate(D):
        md=b
        out.append({"name":r + " in a composite preset's subGeneratorMetadata","generatorId":"JsonMaskGenerator","metadata":{"pathExpression":"$.a","subGeneratorMetadata":md}})
        out.append({"name":r + " in a Conditional preset's conditional generator","generatorId":"ConditionalGenerator","metadata":{"defaultGenerator":{"metadata":{"generatorId":"PassthroughGenerator"},"condition":{"op":"AND","conditions":[]}},"conditionalGenerators":[{"metadata":md,"condition":{"op":"AND","conditions":[]}}]}})
    return out
dump("bad-preset-nested.json", doc_preset_nested())
