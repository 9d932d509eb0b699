// Fuzz target: the identification document's JSON (the wizard's session file and the
// "document" object of a kept session) -> IdentificationDocument, refused only with an
// InputError, and written again and read back to the same JSON.
#include "app/project/identification_document.hpp"
#include "fuzz_support.hpp"

#include <QJsonDocument>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace eb::project;
  const QByteArray text(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
  const QJsonDocument json = QJsonDocument::fromJson(text);
  if (!json.isObject()) return 0;  // Qt's parser is not ours to fuzz; the document reads objects
  eb::fuzz::runExpectingOnlyInputErrors([&] {
    IdentificationDocument document;
    // Paths stay text: a relative one is made absolute against a folder that is not there.
    document.readJson(json.object(), "/nonexistent", "fuzz.json");
    const QJsonObject written = document.toJson();
    IdentificationDocument again;
    again.readJson(written, "/nonexistent", "again.json");
    if (again.toJson() != written) eb::fuzz::bug("identification document changed in a JSON round trip");
  });
  return 0;
}
