#!/usr/bin/env python3
"""Writes a large Xcode project for measuring `whereabouts lint`'s memory: FOLDER/Big.xcodeproj/project.pbxproj.

    scripts/make-large-pbxproj.py MEGABYTES FOLDER

The project is laid out as Xcode writes one: sections of build files, file references, groups, native targets,
build phases, configurations and lists, with object IDs of 24 hex digits and `/* comments */`. It has 50 app and
framework targets, each with source files in groups of 40, until the file reaches MEGABYTES (10^6 bytes). The
Swift files it names are not written (lint notes each missing file once per target, not per file), so the run
measures reading the project file. The same MEGABYTES give the same bytes: the IDs come from a counter.
Measure with: /usr/bin/time -v whereabouts lint FOLDER (see "Maximum resident set size").
"""
import pathlib
import sys

if len(sys.argv) != 3:
    sys.exit(__doc__)
target_bytes = int(float(sys.argv[1]) * 1_000_000)
folder = pathlib.Path(sys.argv[2])

counter = 0


def new_id():
    global counter
    counter += 1
    return "%024X" % (0xA1B2C3D4E5F6000000000000 + counter * 7919)


TARGETS = 50
FILES_PER_GROUP = 40
# Bytes one source file costs across its sections (build file, reference, group child, phase entry), about.
PER_FILE = 478
files_per_target = max(1, target_bytes // PER_FILE // TARGETS)

build_files, references, groups, targets, phases, configurations, lists = [], [], [], [], [], [], []
main_group, products_group, project_id = new_id(), new_id(), new_id()
top_groups, product_refs, target_ids = [], [], []
for t in range(TARGETS):
    name = "Module%02d" % t
    is_app = t % 10 == 0
    target_id, sources_id, list_id = new_id(), new_id(), new_id()
    product_id = new_id()
    product = name + (".app" if is_app else ".framework")
    kind = "wrapper.application" if is_app else "wrapper.framework"
    references.append(
        '\t\t%s /* %s */ = {isa = PBXFileReference; explicitFileType = %s; includeInIndex = 0; path = %s; '
        'sourceTree = BUILT_PRODUCTS_DIR; };\n' % (product_id, product, kind, product)
    )
    product_refs.append((product_id, product))
    module_group = new_id()
    subgroups = []
    phase_entries = []
    for g in range((files_per_target + FILES_PER_GROUP - 1) // FILES_PER_GROUP):
        group_id = new_id()
        children = []
        for f in range(FILES_PER_GROUP):
            index = g * FILES_PER_GROUP + f
            if index >= files_per_target:
                break
            file_name = "Feature%03dView%03d.swift" % (g, f)
            reference_id, build_id = new_id(), new_id()
            build_files.append(
                '\t\t%s /* %s in Sources */ = {isa = PBXBuildFile; fileRef = %s /* %s */; };\n'
                % (build_id, file_name, reference_id, file_name)
            )
            references.append(
                '\t\t%s /* %s */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = %s; '
                'sourceTree = "<group>"; };\n' % (reference_id, file_name, file_name)
            )
            children.append("\t\t\t\t%s /* %s */,\n" % (reference_id, file_name))
            phase_entries.append("\t\t\t\t%s /* %s in Sources */,\n" % (build_id, file_name))
        groups.append(
            '\t\t%s /* Feature%03d */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n%s\t\t\t);\n'
            '\t\t\tpath = Feature%03d;\n\t\t\tsourceTree = "<group>";\n\t\t};\n' % (group_id, g, "".join(children), g)
        )
        subgroups.append("\t\t\t\t%s /* Feature%03d */,\n" % (group_id, g))
    groups.append(
        '\t\t%s /* %s */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n%s\t\t\t);\n\t\t\tpath = %s;\n'
        '\t\t\tsourceTree = "<group>";\n\t\t};\n' % (module_group, name, "".join(subgroups), name)
    )
    top_groups.append((module_group, name))
    phases.append(
        "\t\t%s /* Sources */ = {\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n"
        "\t\t\tfiles = (\n%s\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};\n"
        % (sources_id, "".join(phase_entries))
    )
    configuration_ids = []
    for configuration in ("Debug", "Release"):
        configuration_id = new_id()
        configuration_ids.append((configuration_id, configuration))
        location = (
            '\t\t\t\tINFOPLIST_KEY_NSLocationWhenInUseUsageDescription = "%s shows where you are on the map.";\n'
            % name
            if is_app
            else ""
        )
        configurations.append(
            "\t\t%s /* %s */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n"
            "\t\t\t\tCODE_SIGN_STYLE = Automatic;\n\t\t\t\tCURRENT_PROJECT_VERSION = 1;\n"
            "\t\t\t\tGENERATE_INFOPLIST_FILE = YES;\n%s\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;\n"
            "\t\t\t\tMARKETING_VERSION = 1.0;\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = org.example.%s;\n"
            '\t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";\n\t\t\t\tSDKROOT = iphoneos;\n'
            "\t\t\t\tSWIFT_VERSION = 6.0;\n\t\t\t};\n\t\t\tname = %s;\n\t\t};\n"
            % (configuration_id, configuration, location, name.lower(), configuration)
        )
    lists.append(
        '\t\t%s /* Build configuration list for PBXNativeTarget "%s" */ = {\n\t\t\tisa = XCConfigurationList;\n'
        "\t\t\tbuildConfigurations = (\n%s\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = 0;\n"
        "\t\t\tdefaultConfigurationName = Release;\n\t\t};\n"
        % (list_id, name, "".join("\t\t\t\t%s /* %s */,\n" % pair for pair in configuration_ids))
    )
    product_type = "com.apple.product-type.application" if is_app else "com.apple.product-type.framework"
    targets.append(
        "\t\t%s /* %s */ = {\n\t\t\tisa = PBXNativeTarget;\n"
        '\t\t\tbuildConfigurationList = %s /* Build configuration list for PBXNativeTarget "%s" */;\n'
        "\t\t\tbuildPhases = (\n\t\t\t\t%s /* Sources */,\n\t\t\t);\n\t\t\tbuildRules = (\n\t\t\t);\n"
        "\t\t\tdependencies = (\n\t\t\t);\n\t\t\tname = %s;\n\t\t\tproductName = %s;\n"
        '\t\t\tproductReference = %s /* %s */;\n\t\t\tproductType = "%s";\n\t\t};\n'
        % (target_id, name, list_id, name, sources_id, name, name, product_id, product, product_type)
    )
    target_ids.append((target_id, name))

groups.append(
    '\t\t%s /* Products */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n%s\t\t\t);\n\t\t\tname = Products;\n'
    '\t\t\tsourceTree = "<group>";\n\t\t};\n' % (products_group, "".join("\t\t\t\t%s /* %s */,\n" % p for p in product_refs))
)
groups.append(
    '\t\t%s = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n%s\t\t\t\t%s /* Products */,\n\t\t\t);\n'
    '\t\t\tsourceTree = "<group>";\n\t\t};\n'
    % (main_group, "".join("\t\t\t\t%s /* %s */,\n" % g for g in top_groups), products_group)
)
project_list = new_id()
project = (
    "\t\t%s /* Project object */ = {\n\t\t\tisa = PBXProject;\n"
    '\t\t\tbuildConfigurationList = %s /* Build configuration list for PBXProject "Big" */;\n'
    '\t\t\tcompatibilityVersion = "Xcode 14.0";\n\t\t\tdevelopmentRegion = en;\n'
    "\t\t\tmainGroup = %s;\n\t\t\tproductRefGroup = %s /* Products */;\n"
    '\t\t\tprojectDirPath = "";\n\t\t\tprojectRoot = "";\n\t\t\ttargets = (\n%s\t\t\t);\n\t\t};\n'
    % (project_id, project_list, main_group, products_group, "".join("\t\t\t\t%s /* %s */,\n" % t for t in target_ids))
)
lists.append(
    '\t\t%s /* Build configuration list for PBXProject "Big" */ = {\n\t\t\tisa = XCConfigurationList;\n'
    "\t\t\tbuildConfigurations = (\n\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = 0;\n"
    "\t\t\tdefaultConfigurationName = Release;\n\t\t};\n" % project_list
)


def section(name, items):
    return "\n/* Begin %s section */\n%s/* End %s section */\n" % (name, "".join(items), name)


text = (
    "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n"
    + section("PBXBuildFile", build_files)
    + section("PBXFileReference", references)
    + section("PBXGroup", groups)
    + section("PBXNativeTarget", targets)
    + section("PBXProject", [project])
    + section("PBXSourcesBuildPhase", phases)
    + section("XCBuildConfiguration", configurations)
    + section("XCConfigurationList", lists)
    + "\t};\n\trootObject = %s /* Project object */;\n}\n" % project_id
)
out = folder / "Big.xcodeproj"
out.mkdir(parents=True, exist_ok=True)
(out / "project.pbxproj").write_text(text, encoding="utf-8")
print("%s: %d bytes, %d source files in %d targets" % (out / "project.pbxproj", len(text.encode()), len(build_files), TARGETS))
