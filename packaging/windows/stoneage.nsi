; Windows installer of the desktop game Stone Age (NSIS 3, Modern UI 2).
;
; Wraps the PyInstaller onedir build (dist\stoneage) in a double-click installer:
; installs to Program Files, adds a Start-menu shortcut and (optional, on by default) a
; desktop shortcut, registers an uninstaller in Settings > Apps, and speaks English,
; Simplified Chinese and Japanese (chosen from the Windows language, or in a dialog).
;
; Build (from the repo root, after `pyinstaller --noconfirm build_exe.spec`):
;   makensis -DVERSION=0.1.0 packaging\windows\stoneage.nsi
; Defines (all optional; paths are relative to this file or absolute):
;   VERSION   version shown and recorded        (default 0.0.0)
;   VI_VERSION four numbers for the file's version resource (default VERSION.0)
;   DIST_DIR  the onedir build to install       (default ..\..\dist\stoneage)
;   ICON      the .ico (tools/make_icons.py)    (default ..\..\build\icons\stoneage.ico)
;   OUTFILE   the installer to write            (default ..\..\dist\stoneage-VERSION-windows-x64-setup.exe)
; tests/test_packaging.py compiles this script on Linux against a placeholder build.
; This file is UTF-8 with a byte-order mark, so makensis reads the Chinese and Japanese text right.

Unicode true
ManifestDPIAware true
SetCompressor /SOLID lzma

!include "MUI2.nsh"
!include "x64.nsh"
!include "LogicLib.nsh"

!ifndef VERSION
  !define VERSION "0.0.0"
!endif
!ifndef VI_VERSION
  !define VI_VERSION "${VERSION}.0"
!endif
!ifndef DIST_DIR
  !define DIST_DIR "..\..\dist\stoneage"
!endif
!ifndef ICON
  !define ICON "..\..\build\icons\stoneage.ico"
!endif
!ifndef OUTFILE
  !define OUTFILE "..\..\dist\stoneage-${VERSION}-windows-x64-setup.exe"
!endif

!define APP_NAME "Stone Age"
!define APP_EXE "stoneage.exe"
!define PUBLISHER "Stone Age desktop project"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\StoneAge"
!define SETTINGS_KEY "Software\StoneAge"

Name "${APP_NAME}"
OutFile "${OUTFILE}"
InstallDir "$PROGRAMFILES64\${APP_NAME}"
InstallDirRegKey HKLM "${SETTINGS_KEY}" "InstallDir"
RequestExecutionLevel admin
BrandingText "${APP_NAME} ${VERSION}"

VIProductVersion "${VI_VERSION}"
VIAddVersionKey /LANG=0 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP_NAME} installer"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT licence; fonts SIL OFL 1.1"

; --- Modern UI ---------------------------------------------------------------------------------
!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_LANGDLL_ALLLANGUAGES
!define MUI_LANGDLL_REGISTRY_ROOT HKLM
!define MUI_LANGDLL_REGISTRY_KEY "${SETTINGS_KEY}"
!define MUI_LANGDLL_REGISTRY_VALUENAME "InstallerLanguage"
!define MUI_COMPONENTSPAGE_NODESC
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP_EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "$(RunGame)"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The first language is the default when Windows speaks none of them.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"
!insertmacro MUI_LANGUAGE "Japanese"
!insertmacro MUI_RESERVEFILE_LANGDLL

LangString SecGame ${LANG_ENGLISH} "${APP_NAME} (required)"
LangString SecGame ${LANG_SIMPCHINESE} "${APP_NAME}（必需）"
LangString SecGame ${LANG_JAPANESE} "${APP_NAME}（必須）"
LangString SecDesktop ${LANG_ENGLISH} "Desktop shortcut"
LangString SecDesktop ${LANG_SIMPCHINESE} "桌面快捷方式"
LangString SecDesktop ${LANG_JAPANESE} "デスクトップのショートカット"
LangString RunGame ${LANG_ENGLISH} "Start ${APP_NAME} now"
LangString RunGame ${LANG_SIMPCHINESE} "立即启动 ${APP_NAME}"
LangString RunGame ${LANG_JAPANESE} "${APP_NAME} を今すぐ起動する"
LangString Needs64Bit ${LANG_ENGLISH} "${APP_NAME} needs a 64-bit version of Windows."
LangString Needs64Bit ${LANG_SIMPCHINESE} "${APP_NAME} 需要 64 位 Windows。"
LangString Needs64Bit ${LANG_JAPANESE} "${APP_NAME} には 64 ビット版の Windows が必要です。"

; --- Install -----------------------------------------------------------------------------------
Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP|MB_OK "$(Needs64Bit)"
    Abort
  ${EndIf}
  SetRegView 64
  !insertmacro MUI_LANGDLL_DISPLAY
FunctionEnd

Section "$(SecGame)" SecGameId
  SectionIn RO
  SetShellVarContext all
  SetOutPath "$INSTDIR"
  ; An update replaces the whole program: no stale module of an older version stays behind.
  RMDir /r "$INSTDIR\_internal"
  File /r "${DIST_DIR}\*.*"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0

  WriteRegStr HKLM "${SETTINGS_KEY}" "InstallDir" "$INSTDIR"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKLM "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoRepair" 1
  SectionGetSize ${SecGameId} $0
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Section "$(SecDesktop)" SecDesktopId
  SetShellVarContext all
  CreateShortcut "$DESKTOP\${APP_NAME}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0
SectionEnd

; --- Uninstall ---------------------------------------------------------------------------------
; Only what the installer put there is removed (never a whole folder the user may have chosen
; for other things). The player's settings, saves and logs (AppData\Local\stoneage) stay.
Function un.onInit
  SetRegView 64
  !insertmacro MUI_UNGETLANGUAGE
FunctionEnd

Section "Uninstall"
  SetShellVarContext all
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  Delete "$DESKTOP\${APP_NAME}.lnk"
  Delete "$INSTDIR\${APP_EXE}"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKLM "${UNINSTALL_KEY}"
  DeleteRegKey HKLM "${SETTINGS_KEY}"
SectionEnd
