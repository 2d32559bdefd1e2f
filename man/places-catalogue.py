# man/places-catalogue.py: rewrites the section "Where metadata is
# checked" (the rule x place table, kept by hand below) of the
# hand-written part of dgslint-rules(7), man/dgslint-rules.7.in.  (The
# entries of "The generator catalogue" are made at build time by
# man/mkman.c, from the table the rules read.)  Run from the top
# directory:
#   python3 man/places-catalogue.py          rewrites the file
#   python3 man/places-catalogue.py --check  exits 1 when it is not current
#                                            (testdata/table-check)
import re,sys
rows = [
 ("DGS203","yes","yes","yes","yes"),
 ("DGS204","yes","yes","yes","yes"),
 ("DGS401","yes","DGS708","yes","yes"),
 ("DGS402","yes","yes","yes","yes"),
 ("DGS403","yes","DGS704","yes","yes"),
 ("DGS404","yes","yes","yes","yes"),
 ("DGS405","yes","yes","yes","yes"),
 ("DGS406","yes","DGS705","yes","yes"),
 ("DGS407","yes","yes","yes","yes"),
 ("DGS408","yes","DGS705","yes","yes"),
 ("DGS409","yes","yes","yes","yes"),
 ("DGS410","yes","yes","yes","yes"),
 ("DGS415","yes","yes","yes","yes"),
 ("DGS416","yes","yes","DGS204","yes"),
 ("DGS417","yes","DGS706","DGS418","DGS418"),
 ("DGS418","\\(em","DGS706","yes","yes"),
 ("DGS419","yes","yes, DGS706","DGS418","DGS418"),
 ("DGS420","yes","yes","yes","yes"),
 ("DGS421","yes","yes, DGS706","DGS418","DGS418"),
 ("DGS422","yes","yes, DGS706","DGS418","DGS418"),
 ("DGS423","yes","yes, DGS706","DGS418","DGS418"),
 ("DGS428","yes","yes","yes","yes"),
 ("DGS429","yes","yes","yes","yes"),
 ("DGS430","yes","yes","yes","yes"),
 ("DGS431","yes","\\(em","yes","yes"),
 ("DGS432","yes","yes","yes","yes"),
 ("DGS433","yes","yes","DGS418","yes"),
]
out=[]
out.append(".Ss Where metadata is checked")
out.append("""Generator configuration lives in four places: a link's
.Li metadata ;
a generator preset's
.Li metadata ,
which is the configuration a link carries minus what presets exclude
(linking, consistency with another column, partitioning, custom value
processors), its generator being the preset's
.Li generatorId ;
a sub-generator's
.Pq Li subGeneratorMetadata , No an entry of Li captureGroupMetadata ;
and the
.Li metadata
of a Conditional's
.Li defaultGenerator
and
.Li conditionalGenerators ,
at any depth.
The same checks run in each; where one does not, the table names the rule
that reports the case instead
.Po
.Cm DGS705
preset-column-setting,
.Cm DGS706
preset-composite,
.Cm DGS708
preset-generator-unknown,
.Cm DGS704
preset-document-license;
.Cm DGS418 :
a sub-generator or a Conditional's generator cannot be composite, so the
composite checks have nothing to check there;
.Cm DGS204 :
a sub-generator takes no
.Li pathExpression ,
which is then an unknown member
.Pc .
In a preset, a finding points into the preset's
.Li metadata ,
or at its
.Li generatorId
for what the generator itself is.
The cases of
.Pa testdata/places
show each check in each place.
.Bl -column "DGS409" "Link" "yes, DGS706" "DGS418" "DGS418" -compact
.It Sy Rule Ta Sy Link Ta Sy Preset Ta Sy Sub Ta Sy Cond.""")
for r in rows:
    out.append(".It Cm %s Ta %s" % (r[0], " Ta ".join(r[1:])))
out.append(".El")
out.append("""Sub: in
.Li subGeneratorMetadata
or an entry of
.Li captureGroupMetadata ;
Cond.: in the metadata of a Conditional's default or conditional
generator.
\\(em: not a defect there.""")
places="\n".join(out)
p='man/dgslint-rules.7.in'; s=open(p).read(); old=s
s=re.sub(r"\.Ss Where metadata is checked\n(.|\n)*?(?=\.Ss The generator catalogue)", "@PLACES@\n", s)
if "@PLACES@" not in s:
    sys.exit("places-catalogue.py: the section was not found")
s=s.replace("@PLACES@",places)
if sys.argv[1:] == ["--check"]:
    if s != old:
        sys.exit("places-catalogue.py: man/dgslint-rules.7.in is not "
                 "current; run python3 man/places-catalogue.py")
    sys.exit(0)
open(p,'w').write(s)
