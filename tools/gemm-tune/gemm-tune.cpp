//===- gemm-tune.cpp - schedule tuner -------------------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   gemm-tune plan --chip sm_90a --device h200 --dtypes bf16,f16 \
//       --shapes benchmark --top 8 --twins 1 --explore 4 -o tune-plan
//   (on the GPU machine) scripts/tune-measure.sh tune-plan
//   gemm-tune ingest tune-plan tune-plan/results.json \
//       --database tuning-database.json
//   gemm-tune rank --dtypes bf16 --families wgmma --match '_p_rm4_tma$'
//
//===----------------------------------------------------------------------===//

#include "ProblemShapes.h"
#include "TuneCommands.h"
#include "tools/ToolVersion.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;
using namespace gemm_opt::tune;

static cl::OptionCategory tuneCategory("gemm-tune options");

static cl::SubCommand planCommand(
    "plan", "Enumerate, check and rank schedules; compile the best per shape");
static cl::SubCommand
    rankCommand("rank",
                "Where the static model ranks the candidates a pattern names");
static cl::SubCommand ingestCommand(
    "ingest", "Read measurements into the tuning database and print a table");

static cl::opt<std::string> chip("chip", cl::desc("Target chip"),
                                 cl::init("sm_90a"), cl::sub(planCommand),
                                 cl::sub(rankCommand), cl::cat(tuneCategory));
static cl::opt<std::string>
    device("device",
           cl::desc("Device the model times for (a100, h100, h200; default: "
                    "the chip's)"),
           cl::init(""), cl::sub(planCommand), cl::sub(rankCommand),
           cl::cat(tuneCategory));
static cl::list<std::string> dtypes("dtypes", cl::CommaSeparated,
                                    cl::desc("Input types: bf16,f16,e4m3 (FP8 with per-tensor scales, bf16 C)"),
                                    cl::sub(planCommand), cl::sub(rankCommand),
                                    cl::cat(tuneCategory));
static cl::list<std::string> families("families", cl::CommaSeparated,
                                      cl::desc("MMA families: sync,wgmma"),
                                      cl::sub(planCommand),
                                      cl::sub(rankCommand),
                                      cl::cat(tuneCategory));
static cl::list<std::string>
    shapes("shapes", cl::CommaSeparated,
           cl::desc("Problems: MxNxK (each 1 to 2^31 - 1), 'benchmark' or a "
                    "shape class (large, shallow-k, small, deep-k, skinny); "
                    "default benchmark"),
           cl::sub(planCommand), cl::sub(rankCommand), cl::cat(tuneCategory));
static cl::opt<unsigned>
    top("top", cl::init(8),
        cl::desc("Candidates of the model's best compiled per problem"),
        cl::sub(planCommand), cl::cat(tuneCategory));
static cl::opt<unsigned> variants(
    "variants", cl::init(2),
    cl::desc("Candidates of one family, block and warp tile, split_k, grid "
             "and store per problem"),
    cl::sub(planCommand), cl::cat(tuneCategory));
static cl::opt<unsigned> explore(
    "explore", cl::init(0),
    cl::desc("Exploration controls per problem beyond the top: the best of "
             "structures the top lacks, spread over the model's order"),
    cl::sub(planCommand), cl::cat(tuneCategory));
static cl::opt<unsigned>
    twins("twins", cl::init(0),
          cl::desc("Shortlist picks (the first N) whose raster twins (the same "
                   "candidate in the other raster orders) are picked too"),
          cl::sub(planCommand), cl::cat(tuneCategory));
static cl::opt<std::string> outputDirectory(
    "o", cl::desc("Plan directory (manifest, bundles); none: rank only"),
    cl::value_desc("DIR"), cl::init(""), cl::sub(planCommand),
    cl::cat(tuneCategory));
static cl::opt<bool> noCompile("no-compile",
                               cl::desc("Write the manifest, compile nothing"),
                               cl::sub(planCommand), cl::cat(tuneCategory));
static cl::opt<bool> keepPtx("keep-ptx",
                             cl::desc("Keep each bundle's PTX (gemm-run loads "
                                      "the cubin)"),
                             cl::sub(planCommand), cl::cat(tuneCategory));
static cl::opt<unsigned> jobs("j", cl::init(2),
                              cl::desc("Parallel gemm-translate processes"),
                              cl::sub(planCommand), cl::cat(tuneCategory));
static cl::opt<std::string>
    gemmTranslate("gemm-translate",
                  cl::desc("gemm-translate (default: next to gemm-tune)"),
                  cl::init(""), cl::sub(planCommand), cl::cat(tuneCategory));
static cl::opt<std::string>
    gemmRun("gemm-run",
            cl::desc("gemm-run to copy into DIR/bin (default: next to "
                     "gemm-tune)"),
            cl::init(""), cl::sub(planCommand), cl::cat(tuneCategory));

static cl::opt<std::string>
    rankMatch("match", cl::Required,
              cl::desc("Report the candidates whose name matches this "
                       "regular expression"),
              cl::value_desc("REGEX"), cl::sub(rankCommand),
              cl::cat(tuneCategory));
static cl::opt<std::string> moduleDirectory(
    "modules",
    cl::desc("Also write each matching legal candidate's module (as plan "
             "compiles it) to DIR/<name>.mlir"),
    cl::value_desc("DIR"), cl::init(""), cl::sub(rankCommand),
    cl::cat(tuneCategory));

static cl::opt<std::string> planDirectory(cl::Positional, cl::Required,
                                          cl::desc("<plan directory>"),
                                          cl::sub(ingestCommand),
                                          cl::cat(tuneCategory));
static cl::opt<std::string> resultsFile(cl::Positional, cl::Required,
                                        cl::desc("<results.json>"),
                                        cl::sub(ingestCommand),
                                        cl::cat(tuneCategory));
static cl::opt<std::string>
    databaseFile("database",
                 cl::desc("Tuning database to update (default: "
                          "<plan directory>/tuning-database.json)"),
                 cl::init(""), cl::sub(ingestCommand), cl::cat(tuneCategory));

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  gemm_opt::setToolVersionPrinter();
  // Only gemm-tune's own options in --help, not LLVM's.
  for (cl::SubCommand *command : {&cl::SubCommand::getTopLevel(), &planCommand,
                                  &rankCommand, &ingestCommand})
    cl::HideUnrelatedOptions(tuneCategory, *command);
  cl::ParseCommandLineOptions(argc, argv, "gemm-tune: schedule tuner\n");
  if (planCommand || rankCommand) {
    std::vector<gemm_opt::analysis::GemmShape> problems;
    std::vector<std::string> shapeTexts =
        shapes.empty() ? std::vector<std::string>{"benchmark"}
                       : std::vector<std::string>(shapes);
    for (const std::string &text : shapeTexts) {
      Expected<std::vector<gemm_opt::analysis::GemmShape>> parsed =
          parseShapes(text);
      if (!parsed) {
        WithColor::error(errs(),
                         planCommand ? "gemm-tune plan" : "gemm-tune rank")
            << "--shapes: " << toString(parsed.takeError()) << "\n";
        return ExitBadInput;
      }
      problems.insert(problems.end(), parsed->begin(), parsed->end());
    }
    SpaceOptions space;
    space.chip = chip;
    space.device = device;
    space.dtypes = dtypes.empty() ? std::vector<std::string>{"bf16", "f16"}
                                  : std::vector<std::string>(dtypes);
    space.families = families.empty()
                         ? std::vector<std::string>{"sync", "wgmma"}
                         : std::vector<std::string>(families);
    if (rankCommand) {
      RankOptions options{space};
      options.shapes = std::move(problems);
      options.match = rankMatch;
      options.moduleDirectory = moduleDirectory;
      return runRank(options);
    }
    PlanOptions options{space};
    options.shapes = std::move(problems);
    options.top = top;
    options.variants = variants;
    options.explore = explore;
    options.twins = twins;
    options.directory = outputDirectory;
    options.compile = !noCompile;
    options.keepPtx = keepPtx;
    options.jobs = jobs;
    options.gemmTranslate = gemmTranslate;
    options.gemmRun = gemmRun;
    return runPlan(options);
  }
  if (ingestCommand) {
    IngestOptions options;
    options.directory = planDirectory;
    options.results = resultsFile;
    options.database = databaseFile.empty()
                           ? planDirectory + "/tuning-database.json"
                           : std::string(databaseFile);
    return runIngest(options);
  }
  WithColor::error(errs(), "gemm-tune")
      << "name a command: plan, rank or ingest (see --help)\n";
  return ExitBadInput;
}
