// Readers for the files OpenSM writes about a subnet it has routed (OpenSM
// 3.3.23, written with the ROUTING log bit, `-D 0x43`, into
// --dump_files_dir), and for the per-path service levels Menger collects
// with saquery.  Each reader reads its file whole through read_input_file
// (core/input_file.h: no directory, device or file beyond the input limit; a
// byte-order mark is dropped), checks it line by line and throws one
// InputError naming the file and line; nothing is guessed: an unknown key in a
// port description, text after an LFT entry that is not a comment, a LID, a
// table or an SL2VL row given twice are refused.  `record`, when given,
// receives the file's path and digest.
//
//   opensm-subnet.lst   one line per link end: two port descriptions
//                       "{ SW Ports:08 SystemGUID:.. NodeGUID:.. PortGUID:..
//                       VenID:.. DevID:.. Rev:.. {desc} LID:0001 PN:03 }",
//                       then PHY, LOG and SPD; every link appears from both
//                       ends.  Ports, LID and PN are hexadecimal.
//   opensm-lfts.dump    per switch "Unicast lids [a-b] of switch Lid L guid
//                       0xG ('desc'):", then "0xLID PORT # ..." lines (PORT
//                       decimal), then "N lids dumped".  read_lfts also reads
//                       what dump_fts and ibroute (infiniband-diags) print
//                       of a live fabric: the same header (the switch named
//                       by "Lid L" or "DR path ..."), two column-header lines
//                       ("Lid  Out   Destination", "Port     Info"), entries
//                       "0xLID PORT : (Switch portguid 0x..: 'desc')", then
//                       "N valid lids dumped"; only routed LIDs are listed.
//                       The destination's description after the colon is
//                       not read (the fabric file names the LID's port).
//   opensm-sl2vl.dump   per port "Switch 0xG, base LID L, "desc"" (or
//                       "Channel Adapter 0xG, ..."), then rows
//                       "IN OUT : vl(SL0) .. vl(SL15)".  A channel adapter's
//                       table is keyed by its port GUID and has one row.
//   path-sls.txt        Menger's own: "SLID DLID SL" per line (decimal or
//                       0x hex), '#' comments, as tests/infiniband/opensm_run.sh
//                       writes it from `saquery -p --slid S --dlid D`.
//   PSL file            "0xGUID DLID SL" per line: the path SLs as ibdmchk -c
//                       reads them and ibdiagnet writes them (ibdiagnet.psl),
//                       GUID the source adapter's node (or port) GUID.
//   fdbs file           read_lfts also reads OpenSM's opensm.fdbs and
//                       ibdiagnet's ibdiagnet.fdbs (ibutils parses both with
//                       one reader): per switch "dump_ucast_routes: Switch
//                       0xG", "LID    : Port : Hops : Optimal", then
//                       "0xLID : PORT : <note>" (or ": UNREACHABLE"); the
//                       note on the hops ("01 : yes", "HOPS UNKNOWN", ...) is
//                       not read, as ibutils' reader reads LID and port only.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/budget.h"
#include "core/input_file.h"

namespace menger {

using Guid = std::uint64_t;
inline constexpr std::uint8_t kNoIbPort = 255;  // an LFT entry with no route (OSM_NO_PATH)
inline constexpr std::uint8_t kDropVl = 15;     // SL2VL's "drop": VL15 carries management only

// One end of a link as opensm-subnet.lst describes it.
struct IbPortEnd {
  bool is_switch = false;
  std::uint32_t num_ports = 0;
  Guid node_guid = 0, port_guid = 0;
  std::string description;
  std::uint16_t lid = 0;  // base LID of the port (a switch's port-0 LID)
  std::uint8_t port = 0;  // physical port number
};

struct IbLink {
  IbPortEnd a, b;
};

// Each physical link once (the file lists it from both ends), in file order.
std::vector<IbLink> read_subnet_lst(const std::filesystem::path& file, InputRecord* record = nullptr,
                                const Budget& budget = Budget());
// The same from the output of ibnetdiscover (infiniband_ibnetdiscover.cpp), in
// order of (node id, port) of the lesser end.
std::vector<IbLink> read_ibnetdiscover(const std::filesystem::path& file, InputRecord* record = nullptr,
                                const Budget& budget = Budget());

// Per switch node GUID: out port per LID (kNoIbPort where the dump has none).
using IbForwardingTables = std::map<Guid, std::vector<std::uint8_t>>;
IbForwardingTables read_lfts(const std::filesystem::path& file, InputRecord* record = nullptr,
                                const Budget& budget = Budget());

// Per port GUID (channel adapters) or node GUID (switches): (in port, out
// port) -> VL of each SL.
using Sl2VlRow = std::array<std::uint8_t, 16>;
using IbSl2VlTables = std::map<Guid, std::map<std::pair<std::uint8_t, std::uint8_t>, Sl2VlRow>>;
IbSl2VlTables read_sl2vl(const std::filesystem::path& file, InputRecord* record = nullptr,
                                const Budget& budget = Budget());

// (SLID, DLID) -> SL.
using IbPathSls = std::map<std::pair<std::uint16_t, std::uint16_t>, std::uint8_t>;
IbPathSls read_path_sls(const std::filesystem::path& file, InputRecord* record = nullptr,
                                const Budget& budget = Budget());

// (source GUID, DLID) -> SL, from a PSL file.
using IbGuidPathSls = std::map<std::pair<Guid, std::uint16_t>, std::uint8_t>;
IbGuidPathSls read_guid_path_sls(const std::filesystem::path& file, InputRecord* record = nullptr,
                                 const Budget& budget = Budget());

std::string guid_text(Guid g);  // "0x0002c90200400005"

}  // namespace menger
