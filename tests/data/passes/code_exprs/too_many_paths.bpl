// ERROR: unsupported
procedure main() {
  assert |{ A: goto B1, C1; B1: goto D1; C1: goto D1; D1: goto B2, C2; B2: goto D2; C2: goto D2; D2: goto B3, C3; B3: goto D3; C3: goto D3; D3: goto B4, C4; B4: goto D4; C4: goto D4; D4: goto B5, C5; B5: goto D5; C5: goto D5; D5: goto B6, C6; B6: goto D6; C6: goto D6; D6: goto B7, C7; B7: goto D7; C7: goto D7; D7: goto B8, C8; B8: goto D8; C8: goto D8; D8: goto B9, C9; B9: goto D9; C9: goto D9; D9: goto B10, C10; B10: goto D10; C10: goto D10; D10: goto B11, C11; B11: goto D11; C11: goto D11; D11: goto B12, C12; B12: goto D12; C12: goto D12; D12: goto B13, C13; B13: goto D13; C13: goto D13; D13: return true; }|;
}
