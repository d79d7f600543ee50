/* Minimal hsdis for HotSpot (JDK 17 API) on top of Capstone, modelled on the JDK's hsdis-capstone.c. Diagnosis only. */
#include <inttypes.h>
#include <stdint.h>
#include <capstone/capstone.h>

typedef void* (*event_cb)(void*, const char*, void*);
typedef int (*printf_cb)(void*, const char*, ...);

void* decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char* buffer, uintptr_t length,
                                  event_cb ev, void* es, printf_cb pr, void* ps, const char* options, int newline) {
  csh h;
  if (cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK) return NULL;
  cs_option(h, CS_OPT_SKIPDATA, CS_OPT_ON);
  cs_insn* insn;
  size_t count = cs_disasm(h, buffer, length, (uint64_t) start_va, 0, &insn);
  for (size_t j = 0; j < count; j++) {
    (*ev)(es, "insn", (void*) (uintptr_t) insn[j].address);
    (*pr)(ps, "%s\t%s", insn[j].mnemonic, insn[j].op_str);
    (*ev)(es, "/insn", (void*) (uintptr_t) (insn[j].address + insn[j].size));
    if (newline) (*pr)(ps, "\n");
  }
  if (count) cs_free(insn, count);
  cs_close(&h);
  return (void*) (start_va + length);
}
