//===- gemm-opt-cache.cpp - list or clear the JIT's kernel cache ----------===//
//
//   gemm-opt-cache [--list] [--clear] [--dir DIR]
//
// DIR defaults to the JIT's ($XDG_CACHE_HOME/gemm-opt or ~/.cache/gemm-opt).
//
//===----------------------------------------------------------------------===//

#include "jit/CompilerVersion.h"
#include "jit/DiskCache.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace gemm_opt::jit;

static cl::opt<bool> listEntries("list", cl::desc("List the entries (default)"));
static cl::opt<bool> clearEntries("clear", cl::desc("Remove every entry"));
static cl::opt<std::string>
    directory("dir", cl::desc("Cache directory (default: the JIT's)"),
              cl::value_desc("DIR"));

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "gemm-opt-cache: the JIT's kernel cache\n");
  DiskCache cache(directory.empty() ? DiskCache::getDefaultDirectory()
                                    : directory.getValue());
  if (cache.getDirectory().empty()) {
    WithColor::error(errs(), "gemm-opt-cache")
        << "no cache directory: set XDG_CACHE_HOME or HOME, or pass --dir\n";
    return 1;
  }
  if (clearEntries) {
    if (Error error = cache.clear()) {
      WithColor::error(errs(), "gemm-opt-cache") << toString(std::move(error))
                                                 << "\n";
      return 1;
    }
    outs() << "cleared " << cache.getDirectory() << "\n";
    if (!listEntries)
      return 0;
  }
  Expected<std::vector<DiskCacheEntryInfo>> entries = cache.list();
  if (!entries) {
    WithColor::error(errs(), "gemm-opt-cache") << toString(entries.takeError())
                                               << "\n";
    return 1;
  }
  outs() << cache.getDirectory() << " (" << getCompilerVersion() << "): "
         << entries->size() << " entries\n";
  for (const DiskCacheEntryInfo &entry : *entries)
    outs() << "  " << entry.path << "  " << entry.bytes << " bytes"
           << (entry.valid ? "" : "  CORRUPT") << "\n";
  return 0;
}
